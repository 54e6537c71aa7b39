/** What the tax-platform calls did, in the words the user reads after each dialog. Pure. */
import type { CertificationOutcome, CollectionOutcome, GoodsSyncOutcome, StateOutcome } from '../../api/taxPlatform';

/** Platform moments are yyyyMMddHHmmss (spec 02 §5). */
export function platformMoment(d: { format(pattern: string): string }): string {
  return d.format('YYYYMMDDHHmmss');
}

const TRUNCATED = '本时间段发票较多，只处理了前 20 页，请缩短时间段后继续';

/** One line, then a line per refused item. */
export interface OutcomeText {
  summary: string;
  details: string[];
}

export function collectionText(o: CollectionOutcome): OutcomeText {
  const drafts = o.drafts.length ? `（其中 ${o.drafts.length} 张已暂存，待补充后提交）` : '';
  const failed = o.failed.length ? `，失败 ${o.failed.length} 张` : '';
  return {
    summary: `采集完成：新增 ${o.added} 张${drafts}，已存在 ${o.skipped} 张${failed}${o.truncated ? `。${TRUNCATED}` : ''}`,
    details: [...o.drafts.map((d) => `${d.fphm}：${d.msg}`), ...o.failed.map((f) => `${f.fphm}：${f.msg}`)],
  };
}

export function stateText(o: StateOutcome): OutcomeText {
  const unknown = o.unknown ? `，台账中没有的发票 ${o.unknown} 张` : '';
  return { summary: `状态采集完成：更新 ${o.updated} 张，无变化 ${o.unchanged} 张${unknown}${o.truncated ? `。${TRUNCATED}` : ''}`, details: [] };
}

export function certificationText(o: CertificationOutcome): OutcomeText {
  return {
    summary: `认证结果：已认证 ${o.certified} 张，处理中 ${o.processing} 张，未通过 ${o.failed.length} 张`,
    details: o.failed.map((f) => `${f.fphm}：${f.msg}`),
  };
}

export function goodsText(o: GoodsSyncOutcome): OutcomeText {
  const failed = o.failed.length ? `，未同步 ${o.failed.length} 个` : '';
  return {
    summary: `同步完成：新增 ${o.added} 个，更新 ${o.updated} 个，无变化 ${o.unchanged} 个${failed}${o.truncated ? '。商品较多，只处理了前 20 页，请再次同步' : ''}`,
    details: o.failed.map((f) => (f.spbm ? `${f.spbm}：${f.msg}` : f.msg)),
  };
}
