/**
 * Special family: serialNumber (read-only, assigned by the server), sysStatus tag, button (jump to a
 * linked form, spec 01 §6), business (company name; lookup only with a configured service) and
 * position (`position/`: the coordinate input, with a map when a tile source is configured).
 */
import { connect, mapReadPretty, useField } from '@formily/react';
import { Button, Input, Space, Tag } from 'antd';
import { useFeedback } from '../feedback/useFeedback';
import { useNavigate } from '../routing/navigation';
import { Text } from '../routing/typography';
import { hasPermission, hasRole, sessionStore } from '../session/sessionStore';
import { formPermission } from '../../shared/formPermissions';
import { useState } from 'react';
import { lookupCompany } from '../api/files';
import { useRecognition } from './data/useRecognition';
import { useApplyRecognized } from './useApplyRecognized';

const Empty = () => <span className="fw-empty-text">-</span>;

/** serialNumber: shown, never typed. */
export const SerialNumber = connect(
  ({ value }: { value?: string | null }) => <Input value={value ?? ''} readOnly placeholder="保存后自动生成" />,
  mapReadPretty(({ value }: { value?: string | null }) => (value ? <span>{value}</span> : <Empty />)),
);

/** sysStatus: the status tag (已审核 / 处理中 / 草稿 / 作废). */
export function StatusTag({ value, options }: { value?: number | null; options?: { label: string; value: number; color?: string }[] }) {
  const o = options?.find((x) => x.value === Number(value));
  return o ? <Tag color={o.color}>{o.label}</Tag> : <Empty />;
}

/** The form a link URL opens (`/auto/{form}…`), if any. */
export function linkedForm(linkUrl: string | undefined): string | null {
  const m = /^\/auto\/([a-z][a-z0-9_]*)/.exec(linkUrl ?? '');
  return m ? m[1] : null;
}

/** button: opens `linkUrl`; a form link needs add or list:root there, else 无权做此操作. */
export function LinkButton({ buttonName, linkUrl }: { buttonName?: string; linkUrl?: string }) {
  const navigate = useNavigate();
  const { message } = useFeedback();
  const open = () => {
    if (!linkUrl) return;
    const form = linkedForm(linkUrl);
    if (form && !hasPermission(sessionStore.get(), formPermission(form, 'add'), formPermission(form, 'list:root'))) {
      message.warning('无权做此操作');
      return;
    }
    if (/^https?:/.test(linkUrl)) window.open(linkUrl, '_blank', 'noopener');
    else navigate(linkUrl.startsWith('/auto/') && !linkUrl.includes('?') && linkUrl.split('/').length === 3 ? `${linkUrl}/add` : linkUrl);
  };
  return <Button onClick={open}>{buttonName}</Button>;
}

/** business: the company name; a lookup service would fill it, and its absence is said plainly. */
export const CompanyLookup = connect(
  function CompanyLookup(props: { value?: string | null; onChange?: (v: string | null) => void; onFocus?: () => void; onBlur?: () => void; placeholder?: string; disabled?: boolean }) {
    const recognition = useRecognition();
    // Only an administrator can configure the service: staff are not told about it (issue 27 item 12).
    const admin = sessionStore.use((s) => hasRole(s, 'admin'));
    const { message } = useFeedback();
    const apply = useApplyRecognized();
    const self = String(useField().path.toString());
    const [busy, setBusy] = useState(false);
    // Focus and blur go to Formily too: the required rule runs on blur.
    const input = { value: props.value ?? '', disabled: props.disabled, onFocus: props.onFocus, onBlur: props.onBlur, placeholder: props.placeholder ?? '请输入企业名称', allowClear: true, onChange: (e: { target: { value: string } }) => props.onChange?.(e.target.value || null) };
    const search = async (keyword: string) => {
      if (!keyword.trim()) { message.warning('请输入企业名称'); return; }
      setBusy(true);
      try {
        const company = await lookupCompany(keyword.trim());
        const name = company.companyName ?? company.name;
        if (typeof name === 'string' && name) props.onChange?.(name);
        apply(company, self);
      } catch (err) {
        message.error((err as Error).message);
      } finally {
        setBusy(false);
      }
    };
    return (
      <Space.Compact style={{ width: '100%' }} direction="vertical">
        {recognition?.business && !props.disabled ? (
          <Input.Search {...input} enterButton="查询" loading={busy} onSearch={(v) => void search(v)} />
        ) : (
          <Input {...input} />
        )}
        {admin && recognition && !recognition.business ? <Text type="secondary" style={{ fontSize: 12 }}>企业信息查询：{recognition.message}</Text> : null}
      </Space.Compact>
    );
  },
  mapReadPretty(({ value }: { value?: string | null }) => (value ? <span>{value}</span> : <Empty />)),
);

/** position (its own folder: the input, and the map when a tile source is configured). */
