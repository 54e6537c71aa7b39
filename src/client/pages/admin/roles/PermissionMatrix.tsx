/** Per-form action checkboxes plus free permission strings (spec 01 §6). */
import { Checkbox, Select, Table } from 'antd';
import type { FormSummary } from '../../../api/forms';
import { FORM_ACTIONS, type FormAction } from '../../../../shared/formPermissions';
import { joinPermissions, splitPermissions } from '../../../session/permissionStrings';

/** A controlled editor of a role's permission strings (for antd Form.Item). */
export function PermissionMatrix({ forms, value = [], onChange }: { forms: FormSummary[]; value?: string[]; onChange?: (v: string[]) => void }) {
  const { byForm, other } = splitPermissions(value, forms.map((f) => f.enName));
  const set = (form: string, actions: FormAction[]) => onChange?.(joinPermissions({ ...byForm, [form]: actions }, other));
  return (
    <>
      <Table<FormSummary>
        size="small"
        rowKey="enName"
        pagination={false}
        dataSource={forms}
        locale={{ emptyText: '暂无表单' }}
        scroll={{ y: 260 }}
        columns={[
          { title: '表单', dataIndex: 'cnName', width: 140 },
          {
            title: '操作权限',
            render: (_, f) => (
              <Checkbox.Group
                value={byForm[f.enName]}
                onChange={(v) => set(f.enName, v as FormAction[])}
                options={FORM_ACTIONS.map((a) => ({ value: a.action, label: a.label }))}
              />
            ),
          },
        ]}
      />
      <Select
        mode="tags"
        style={{ width: '100%', marginTop: 8 }}
        placeholder="其他权限字符，如 system:user:list"
        value={other}
        onChange={(v: string[]) => onChange?.(joinPermissions(byForm, v))}
        tokenSeparators={[',', ' ']}
      />
    </>
  );
}
