/**
 * 同步商品 on 普通货品 (spec 01 §2.2: shown on `auto_pthp`; spec 02 §5): a dialog choosing the
 * trading shop (required, checked on change) from the form's own 店铺 list, then the shop's goods
 * are synced from the tax platform into the form. Needs add and edit on the form. The button first
 * asks whether the tenant's tax platform is configured and names the missing setting instead.
 */
import { Button, Form, Select } from 'antd';
import { useState } from 'react';
import type { FormDefinition } from '../../../../schema-adapters/definition/types';
import { useConstantOptions } from '../../fields/data/useConstantOptions';
import { syncGoods } from '../../api/taxPlatform';
import { goodsText } from './outcomeTexts';
import { PlatformDialog } from './PlatformDialog';
import { whenPlatformConfigured } from './whenPlatformConfigured';
import { useFeedback } from '../../feedback/useFeedback';

/** The form this button belongs to (spec 01 §2.2). */
export const GOODS_FORM = 'auto_pthp';

function GoodsSyncDialog(props: { shopList: number | string | undefined; onClose(): void; onDone(): void }) {
  const shops = useConstantOptions(props.shopList);
  return (
    <PlatformDialog<{ jydp: string }> title="同步商品" width={500} onClose={props.onClose} onDone={props.onDone} submit={async (v) => goodsText(await syncGoods(v.jydp))}>
      {() => (
        <Form.Item name="jydp" label="交易店铺" validateTrigger="onChange" rules={[{ required: true, message: '请选择交易店铺' }]}>
          <Select loading={!shops} options={(shops ?? []).map((s) => ({ value: s.label, label: s.label }))} placeholder="请选择交易店铺" />
        </Form.Item>
      )}
    </PlatformDialog>
  );
}

export function GoodsSyncButton(props: { def: FormDefinition; has: (...perms: string[]) => boolean; onDone(): void }) {
  const [open, setOpen] = useState(false);
  const { message } = useFeedback();
  const form = props.def.enName;
  if (form !== GOODS_FORM || !props.has(`auto:${form}:add`) || !props.has(`auto:${form}:edit`)) return null;
  // The trading shops are the items of the form's 店铺 field's list (spec 02 §3).
  const shopList = props.def.fields.find((f) => f.enName === 'shop')?.configDataId ?? undefined;
  return (
    <>
      <Button onClick={() => void whenPlatformConfigured((text) => message.warning(text, 5), () => setOpen(true))}>同步商品</Button>
      {open ? <GoodsSyncDialog shopList={shopList as number | string | undefined} onClose={() => setOpen(false)} onDone={props.onDone} /> : null}
    </>
  );
}
