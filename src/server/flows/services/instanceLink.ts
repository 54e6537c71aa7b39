/** Where an instance opens in the app (the starter's 消息中心 link; the client's `instancePath`). */
export const instanceLink = (instanceId: number) => `/flow/instance/${instanceId}`;
