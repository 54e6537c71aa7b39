/**
 * Paging (spec 01 §2.2, §9): total, sizes 20…1000, prev / pager / next, jumper, and a custom
 * size of 1–1000. When the server's total is an estimate the total says so (约).
 *
 * antd's own `Pagination` (size changer, pages, 跳至 … 页), with its zh_CN texts. The custom size is
 * an antd `Input` with a numeric keyboard (ADR 0405); Enter reads it as `customPageSize` does.
 */
import { Input, Pagination, Space } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { memo, useState } from 'react';
import { clampedSizeMessage, customPageSize, PAGE_SIZES } from '../table/paging';
import styles from '../list.module.css';

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
      <Pagination
        current={props.pageNum}
        pageSize={props.pageSize}
        total={props.total}
        pageSizeOptions={sizes}
        // Nine sizes: no virtual list, so every size is in the menu at once (and findable by a test).
        showSizeChanger={{ virtual: false }}
        showQuickJumper={props.total > props.pageSize}
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
