/**
 * Publishing a policy (issue 34 item 3): resolves the recipients (policyRecipients.ts), marks the
 * policy published, records who was notified and sends each one a 消息中心 message whose title
 * follows the tenant's settings and whose text is the policy's plain text (cut to 500 characters)
 * and whose link opens the policy. Runs inside the caller's transaction: all or nothing.
 */
import type { Kysely } from 'kysely';
import { htmlToText } from '../../../schema-adapters/index.js';
import type { AuthUser } from '../auth/types.js';
import type { Database } from '../db/types.js';
import { notFound } from '../http/HttpError.js';
import { insertMessages } from '../repositories/messageRepository.js';
import { findPolicy, markPublished, readPolicySettings } from './policyRepository.js';
import { resolveRecipients } from './policyRecipients.js';

const EXCERPT = 500;

/** Publishes policy `id`; recipients given replace the saved ones. Returns how many users were notified. */
export async function publishPolicy(db: Kysely<Database>, user: Pick<AuthUser, 'tenantId' | 'userId'>, id: number, given: { userIds?: number[]; deptIds?: number[] }): Promise<number> {
  const { tenantId, userId } = user;
  const policy = await findPolicy(db, tenantId, id);
  if (!policy) throw notFound();
  const chosen = given.userIds || given.deptIds ? { userIds: [...new Set(given.userIds ?? [])], deptIds: [...new Set(given.deptIds ?? [])] } : { userIds: policy.userIds, deptIds: policy.deptIds };
  const recipients = await resolveRecipients(db, tenantId, chosen.userIds, chosen.deptIds);
  await markPublished(db, tenantId, id, userId, chosen, recipients);
  const settings = await readPolicySettings(db, tenantId);
  const title = settings.titleTemplate.split('{title}').join(policy.title).slice(0, 200);
  const text = htmlToText(policy.content);
  const content = text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text;
  await insertMessages(db, recipients.map((to) => ({ tenantId, userId: to, title, content, msgType: settings.msgType, link: `/policy/view?id=${id}` })));
  return recipients.length;
}
