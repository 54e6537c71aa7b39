/** The form definitions list (表单配置) and one definition on demand. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listForms } from '../api/forms';
import { queryKeys } from '../api/queryKeys';
import { useFormDefinition } from './useFormDefinition';

/** All forms of the tenant, filtered by a keyword, and the definition picked for viewing. */
export function useFormsController() {
  const forms = useQuery({ queryKey: queryKeys.forms.list(), queryFn: listForms });
  const [keyword, setKeyword] = useState('');
  const [viewing, setViewing] = useState<string | undefined>();
  const { definition } = useFormDefinition(viewing);
  const k = keyword.trim().toLowerCase();
  return {
    rows: (forms.data ?? []).filter((f) => !k || f.cnName.toLowerCase().includes(k) || f.enName.includes(k)),
    loading: forms.isFetching,
    setKeyword,
    viewing,
    view: setViewing,
    definition,
  };
}
