/** Operation types of spec 01 §9 (dictionary sys_oper_type), as recorded in the operation log. */
export const BUSINESS_TYPE = {
  other: 0,
  add: 1,
  edit: 2,
  delete: 3,
  authorize: 4,
  export: 5,
  import: 6,
  forceLogout: 7,
  generateCode: 8,
  clearData: 9,
  void: 10,
  restore: 11,
  buttonExecute: 12,
  flowSubmit: 13,
  transferSign: 14,
  reject: 15,
  withdraw: 16,
  flowApprove: 17,
  addSign: 18,
  moduleDesignEdit: 19,
  moduleDesignAdd: 20,
} as const;

export type BusinessType = (typeof BUSINESS_TYPE)[keyof typeof BUSINESS_TYPE];
