/** Who started a job (kept in its params: the job runs outside the request). */
export interface JobUser {
  userId: number;
  userName: string;
  nickName: string;
  deptId: number | null;
  roleKeys: string[];
  roleNames: string[];
}
