/**
 * A member of the tenant, picked by searching nick name or account; the value is the account
 * (`userName`), which the flow's BPMN stores for 指定成员 approvers, CCs and 转交上级 targets.
 */
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { searchAccounts } from '../../../api/pickerOptions';
import { queryKeys } from '../../../api/queryKeys';

export function AccountSelect({ label, value, onChange }: { label: string; value: string | undefined; onChange: (account: string | undefined) => void }) {
  const [keyword, setKeyword] = useState('');
  // The typed keyword lags a render behind, so fast typing does not queue a search per key.
  const deferred = useDeferredValue(keyword.trim());
  const users = useQuery({ queryKey: queryKeys.users.accounts(deferred), queryFn: () => searchAccounts(deferred), staleTime: 30_000 });
  const options = (users.data ?? []).filter((u) => u.userName).map((u) => ({ value: u.userName!, label: `${u.nickName}（${u.userName}）` }));
  // A saved account outside the current search still shows as chosen.
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: value });
  return (
    <Select aria-label={label} showSearch allowClear placeholder="搜索姓名或账号" value={value} filterOption={false} onSearch={setKeyword}
      onChange={(v: string | undefined) => { setKeyword(''); onChange(v || undefined); }} loading={users.isFetching} options={options}
      notFoundContent={users.isError ? '无法读取成员' : '没有匹配的成员'} style={{ minWidth: 200 }} />
  );
}
