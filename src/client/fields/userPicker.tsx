/** user: the chosen users as tags, the 用户选择 dialog to change them (spec 01 §2.6, §4). */
import { UserOutlined } from '@ant-design/icons';
import { connect, mapReadPretty, observer, useField } from '@formily/react';
import type { Field } from '@formily/core';
import { Button, Space, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { confirmValue, idsOf, type Selection } from './data/userSelection';
import { useUserLabels } from './data/useUserLabels';

// The dialog (department tree, user list) loads when first opened, not with every form page
// (issue 15, goal 6: first-load JavaScript budgets).
const UserPickerDialog = lazy(() => import('./UserPickerDialog').then((m) => ({ default: m.UserPickerDialog })));

interface Props {
  value?: number | number[] | null;
  onChange?: (v: number | number[] | null) => void;
  multiple?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

/** Labels of the value: the record's `$view` when it matches, else the users looked up by id. */
function useSelection(value: unknown): Selection {
  const field = useField<Field>();
  const ids = idsOf(value);
  const view = field ? (field.form.getValuesIn(`${String(field.path)}$view`) as unknown) : undefined;
  const viewNames = typeof view === 'string' ? view.split(',') : [];
  const lookup = useUserLabels(ids);
  return ids.map((id, i) => ({ userId: id, nickName: lookup.get(id) ?? (viewNames.length === ids.length ? viewNames[i] : String(id)) }));
}

const UserText = observer(({ value }: Props) => {
  const sel = useSelection(value);
  return sel.length ? <span>{sel.map((s) => s.nickName).join('、')}</span> : <span className="fw-empty-text">-</span>;
});

/** user. */
export const UserPicker = connect(
  observer(function UserPicker(props: Props) {
    const [open, setOpen] = useState(false);
    // Once opened the dialog stays mounted, so it closes with its animation as before.
    const [opened, setOpened] = useState(false);
    if (open && !opened) setOpened(true);
    const sel = useSelection(props.value);
    const multiple = !!props.multiple;
    return (
      <>
        <Space wrap size={4} className="fw-picker-box">
          {sel.map((s) => (
            <Tag key={s.userId} closable={!props.disabled} onClose={() => props.onChange?.(confirmValue(sel.filter((x) => x.userId !== s.userId), multiple))}>{s.nickName}</Tag>
          ))}
          <Button size="small" icon={<UserOutlined />} disabled={props.disabled} onClick={() => setOpen(true)}>{props.placeholder ?? '选择用户'}</Button>
        </Space>
        {opened ? (
          <Suspense fallback={null}>
            <UserPickerDialog open={open} multiple={multiple} initial={sel} requireSelection={sel.length === 0} onCancel={() => setOpen(false)} onOk={(next) => { props.onChange?.(confirmValue(next, multiple)); setOpen(false); }} />
          </Suspense>
        ) : null}
      </>
    );
  }),
  mapReadPretty(UserText),
);
