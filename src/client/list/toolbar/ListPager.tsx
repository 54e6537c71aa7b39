/**
 * Paging (spec 01 §2.2, §9): total, sizes 20…1000, prev / pager / next, jumper, and a custom
 * size of 1–1000. When the server's total is an estimate the total says so (约). The custom size
 * is a plain antd `Input` with a numeric keyboard, not `InputNumber` (ADR 0405: its stepper and
 * decimal engine stayed off the list's first load); Enter reads it as `customPageSize` does.
 */
import { App, Input, Pagination, Space } from 'antd';
import { useState, memo } from 'react';
import { clampedSizeMessage, customPageSize, PAGE_SIZES } from '../table/paging';
import styles from '../list.module.css';

/** The pager under the table. */
export const ListPager = memo(function ListPager(props: { pageNum: number; pageSize: number; total: number; exact: boolean; onChange(pageNum: number, pageSize: number): void }) {
  const { message } = App.useApp();
  const [custom, setCustom] = useState('');
  const sizes = PAGE_SIZES.map(String);
  if (!PAGE_SIZES.includes(props.pageSize as (typeof PAGE_SIZES)[number])) sizes.push(String(props.pageSize));
  return (
    <div className={styles.pager} data-testid="list-pager">
      <span data-testid="list-total">
        {props.exact ? `共 ${props.total} 条` : `共约 ${props.total} 条`}
        {props.exact ? null : <span className={styles.estimate} title="总数为估算值"> (估算)</span>}
      </span>
      <Pagination
        current={props.pageNum}
        pageSize={props.pageSize}
        total={props.total}
        pageSizeOptions={sizes}
        showSizeChanger
        showQuickJumper
        onChange={(page, size) => props.onChange(size !== props.pageSize ? 1 : page, size)}
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
