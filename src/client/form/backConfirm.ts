/** Spec 02 §2.3: leaving a form by its back button asks first. */
export const BACK_CONFIRM_TEXT = '返回将不会保存数据，请谨慎操作';
export const BACK_CONFIRM_TITLE = '提示';
