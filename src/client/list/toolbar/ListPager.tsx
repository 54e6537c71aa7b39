/**
 * Paging (spec 01 §2.2, §9): total, sizes 20…1000, prev / pager / next, jumper, and a custom
 * size of 1–1000. When the server's total is an estimate the total says so (约).
 *
 * Not antd `Pagination` (ADR 0406): it imports antd `Select` for its size changer, and with it
 * rc-select, rc-virtual-list and their styles (≈ 23 KB gzip) came onto every list's first load
 * for one 8-item chooser. The pager draws antd's own markup with antd's pagination style (same
 * look, classes, titles, keyboard), its layout rule is `pagerItems` (rc-pagination's), and the
 * size changer is an antd `Dropdown` menu, which the signed-in shell has already loaded. The
 * custom size is a plain antd `Input` with a numeric keyboard (ADR 0405); Enter reads it as
 * `customPageSize` does.
 */
import { DoubleLeftOutlined, DoubleRightOutlined, DownOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Dropdown, Space } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
// The bare input: antd's `Input` index also brings TextArea, Password, OTP and Search (≈ 9 KB).
import Input from 'antd/es/input/Input';
import usePaginationStyle from 'antd/es/pagination/style';
import { memo, useContext, useState, type KeyboardEvent } from 'react';
import { clampedSizeMessage, customPageSize, jumpPage, pageCount, pagerItems, PAGE_SIZES, type PagerItem } from '../table/paging';
import styles from '../list.module.css';

/** Text of a page size, in the size changer and its menu. */
export const sizeLabel = (size: number) => `${size} 条/页`;

const onEnter = (go: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Enter') go();
};

/** The pager under the table. */
export const ListPager = memo(function ListPager(props: { pageNum: number; pageSize: number; total: number; exact: boolean; onChange(pageNum: number, pageSize: number): void }) {
  const { message } = useFeedback();
  const [custom, setCustom] = useState('');
  const sizes: number[] = [...PAGE_SIZES];
  if (!sizes.includes(props.pageSize)) sizes.push(props.pageSize);
  sizes.sort((a, b) => a - b);
  return (
    <div className={styles.pager} data-testid="list-pager">
      <span data-testid="list-total">
        {props.exact ? `共 ${props.total} 条` : `共约 ${props.total} 条`}
        {props.exact ? null : <span className={styles.estimate} title="总数为估算值"> (估算)</span>}
      </span>
      <Pages
        current={props.pageNum}
        pageSize={props.pageSize}
        total={props.total}
        sizes={sizes}
        onPage={(page) => props.onChange(page, props.pageSize)}
        onSize={(size) => props.onChange(1, size)}
      />
      <Space.Compact>
        <Input
          aria-label="自定义每页条数"
          placeholder="自定义"
          inputMode="numeric"
          // No clamping while typing: 5000 stays visible until Enter, which clamps it with a message.
          style={{ width: 90 }}
          value={custom}
          onChange={(e) => setCustom(e.target.value)}
          // What is not a number is dropped on leaving the box, as InputNumber did.
          onBlur={() => setCustom((v) => (customPageSize(v) ? v : ''))}
          onPressEnter={(e) => {
            const picked = customPageSize((e.target as HTMLInputElement).value);
            if (!picked) return;
            setCustom(String(picked.size));
            if (picked.clamped) void message.warning(clampedSizeMessage(picked.size));
            props.onChange(1, picked.size);
          }}
        />
      </Space.Compact>
    </div>
  );
});

/** 上一页, the pages, 下一页, the size changer and 跳至 … 页, in antd's pagination markup. */
function Pages(props: { current: number; pageSize: number; total: number; sizes: number[]; onPage(page: number): void; onSize(size: number): void }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const cls = getPrefixCls('pagination');
  const [wrapCSSVar, hashId, cssVarCls] = usePaginationStyle(cls);
  const [jumpText, setJumpText] = useState('');
  const [sizesOpen, setSizesOpen] = useState(false);
  const pages = pageCount(props.total, props.pageSize);
  const current = Math.max(1, Math.min(props.current, pages));
  const go = (page: number) => {
    if (page >= 1 && page <= pages && page !== current) props.onPage(page);
  };
  const jump = () => {
    const page = jumpPage(jumpText, current, pages);
    setJumpText('');
    if (page !== null) props.onPage(page);
  };
  const hasPrev = current > 1;
  const hasNext = current < pages;
  const item = (it: PagerItem) => {
    if (it.kind === 'page') {
      const className = [
        `${cls}-item`,
        `${cls}-item-${it.page}`,
        it.active ? `${cls}-item-active` : '',
        pages ? '' : `${cls}-item-disabled`,
        it.afterJumpPrev ? `${cls}-item-after-jump-prev` : '',
        it.beforeJumpNext ? `${cls}-item-before-jump-next` : '',
      ].filter(Boolean).join(' ');
      return (
        <li key={it.page} title={String(it.page)} className={className} tabIndex={0} onClick={() => go(it.page)} onKeyDown={onEnter(() => go(it.page))}>
          <a rel="nofollow">{it.page}</a>
        </li>
      );
    }
    const prev = it.kind === 'jump-prev';
    const Icon = prev ? DoubleLeftOutlined : DoubleRightOutlined;
    return (
      <li
        key={it.kind}
        title={prev ? '向前 5 页' : '向后 5 页'}
        className={`${cls}-${it.kind} ${cls}-${it.kind}-custom-icon`}
        tabIndex={0}
        onClick={() => go(it.page)}
        onKeyDown={onEnter(() => go(it.page))}
      >
        <a className={`${cls}-item-link`}>
          <div className={`${cls}-item-container`}>
            <Icon className={`${cls}-item-link-icon`} />
            <span className={`${cls}-item-ellipsis`}>•••</span>
          </div>
        </a>
      </li>
    );
  };
  return wrapCSSVar(
    <ul className={`${cls} ${hashId} ${cssVarCls}`}>
      <li
        title="上一页"
        className={`${cls}-prev${hasPrev ? '' : ` ${cls}-disabled`}`}
        tabIndex={hasPrev ? 0 : undefined}
        aria-disabled={!hasPrev}
        onClick={() => go(current - 1)}
        onKeyDown={onEnter(() => go(current - 1))}
      >
        <button className={`${cls}-item-link`} type="button" tabIndex={-1} disabled={!hasPrev}>
          <LeftOutlined />
        </button>
      </li>
      {pagerItems(current, pages).map(item)}
      <li
        title="下一页"
        className={`${cls}-next${hasNext ? '' : ` ${cls}-disabled`}`}
        tabIndex={hasNext ? 0 : undefined}
        aria-disabled={!hasNext}
        onClick={() => go(current + 1)}
        onKeyDown={onEnter(() => go(current + 1))}
      >
        <button className={`${cls}-item-link`} type="button" tabIndex={-1} disabled={!hasNext}>
          <RightOutlined />
        </button>
      </li>
      <li className={`${cls}-options`}>
        <Dropdown
          trigger={['click']}
          autoFocus
          open={sizesOpen}
          onOpenChange={setSizesOpen}
          menu={{
            items: props.sizes.map((s) => ({ key: String(s), label: sizeLabel(s) })),
            selectable: true,
            selectedKeys: [String(props.pageSize)],
            onClick: ({ key }) => {
              setSizesOpen(false);
              if (Number(key) !== props.pageSize) props.onSize(Number(key));
            },
          }}
        >
          <Button aria-haspopup="menu" aria-expanded={sizesOpen} iconPosition="end" icon={<DownOutlined />}>
            {sizeLabel(props.pageSize)}
          </Button>
        </Dropdown>
        {props.total > props.pageSize ? (
          <div className={`${cls}-options-quick-jumper`}>
            跳至
            <input
              type="text"
              aria-label="页"
              value={jumpText}
              onChange={(e) => setJumpText(e.target.value)}
              onKeyUp={onEnter(jump)}
              // As antd's: leaving the box goes to the typed page, unless towards a page item (its click wins).
              onBlur={(e) => {
                const to = e.relatedTarget as HTMLElement | null;
                if (to?.closest(`.${cls}-item, .${cls}-item-link`)) setJumpText('');
                else if (jumpText !== '') jump();
              }}
            />
            页
          </div>
        ) : null}
      </li>
    </ul>,
  );
}
