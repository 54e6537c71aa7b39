/**
 * The toolbar: the form's action buttons, enabled by the selection (spec 01 §2.2), and the
 * keyword box shown for type-2 data, whose hint says Enter runs a fuzzy whole-text query.
 */
import { Button, Input, Tooltip } from 'antd';
import { useEffect, useState, memo } from 'react';
import { buttonEnabled, type ActionButton, type ListAction } from '../controllers/listActions';
import styles from '../list.module.css';

/** Hint of the keyword box. */
export const KEYWORD_HINT = '输入关键词后按回车进行全文模糊查询';

/** Buttons left, keyword box right. */
export const ListToolbar = memo(function ListToolbar(props: {
  buttons: ActionButton[];
  selectedCount: number;
  /** Actions the selected records refuse whatever their count (a voided record: edit, void). */
  blocked?: ReadonlySet<ListAction>;
  onAction(button: ActionButton): void;
  showKeyword: boolean;
  keyword: string;
  onKeyword(keyword: string): void;
  extra?: React.ReactNode;
  title?: React.ReactNode;
  /** 导入 / 导出 (list/io), after the action buttons. */
  ioButtons?: React.ReactNode;
  /** The form's custom buttons (list/buttons), after 导入 / 导出. */
  customButtons?: React.ReactNode;
}) {
  const [text, setText] = useState(props.keyword);
  useEffect(() => setText(props.keyword), [props.keyword]);
  return (
    <div className={styles.toolbar} data-testid="list-toolbar">
      {props.title ? <span className={styles.title}>{props.title}</span> : null}
      {props.buttons.map((b) => (
        <Button
          key={b.key}
          type={b.action === 'add' ? 'primary' : 'default'}
          danger={b.action === 'remove'}
          disabled={!buttonEnabled(b, props.selectedCount) || !!props.blocked?.has(b.action)}
          onClick={() => props.onAction(b)}
        >
          {b.label}
        </Button>
      ))}
      {props.ioButtons}
      {props.customButtons}
      <span className={styles.toolbarSpacer} />
      {props.extra}
      {props.showKeyword ? (
        <Tooltip title={KEYWORD_HINT}>
          <Input.Search
            aria-label="关键词"
            placeholder={KEYWORD_HINT}
            allowClear
            style={{ width: 300 }}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onSearch={(v) => props.onKeyword(v)}
          />
        </Tooltip>
      ) : null}
    </div>
  );
});
