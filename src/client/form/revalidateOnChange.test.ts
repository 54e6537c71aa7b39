import { createForm } from '@formily/core';
import { describe, expect, it } from 'vitest';
import { revalidateOnChange } from './revalidateOnChange';

const REQUIRED = [{ required: true, message: '签订日期不能为空', triggerType: 'onBlur' as const }];

async function afterSaveThenFill(withEffect: boolean): Promise<string[]> {
  const form = createForm(withEffect ? { effects: revalidateOnChange } : {});
  const field = form.createField({ name: 'sign_date', validator: REQUIRED });
  await form.validate().catch(() => undefined);
  expect(field.selfErrors).toEqual(['签订日期不能为空']);
  // A picker sets the value without a blur of its own.
  await field.onInput('2026-01-05');
  await new Promise((r) => setTimeout(r, 0));
  return field.selfErrors;
}

describe('revalidateOnChange', () => {
  it('clears a blur rule’s message once the value is filled without a blur', async () => {
    expect(await afterSaveThenFill(true)).toEqual([]);
  });

  it('is what clears it: without the effect Formily keeps the message until the next blur', async () => {
    expect(await afterSaveThenFill(false)).toEqual(['签订日期不能为空']);
  });

  it('shows the message again when a shown error’s field is emptied', async () => {
    const form = createForm({ effects: revalidateOnChange });
    const field = form.createField({ name: 'party_b', validator: REQUIRED });
    await form.validate().catch(() => undefined);
    await field.onInput('某公司');
    await new Promise((r) => setTimeout(r, 0));
    expect(field.selfErrors).toEqual([]);
    await field.onBlur();
    await field.onInput('');
    await field.onBlur();
    expect(field.selfErrors).toEqual(['签订日期不能为空']);
  });
});
