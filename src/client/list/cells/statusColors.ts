/** The 状态 column's colours (spec 01 §4): draft dark grey, in process amber, approved green, voided brown-grey. */
export const STATUS_STYLES: Record<string, { label: string; color: string; background: string }> = {
  '-1': { label: '草稿', color: '#434343', background: '#f0f0f0' },
  '0': { label: '处理中', color: '#ad6800', background: '#fff7e6' },
  '1': { label: '已审核', color: '#237804', background: '#f6ffed' },
  '-2': { label: '作废', color: '#6d5d55', background: '#efebe9' },
};
