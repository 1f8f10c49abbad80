import type { NewNotification } from '@dental/domain/communications/staff-notification';
import { can } from '@dental/domain/permissions/can';
import type { Permission } from '@dental/domain/permissions/catalogue';
import type { Db } from '../db/connection.ts';
import { insertNotifications } from '../repos/notifications.ts';
import { usersMuting } from '../repos/preferences.ts';
import { practiceAccounts } from '../repos/users.ts';

/** Who should hear of an event: named users and holders of a permission, less the user who caused it. */
export interface Recipients {
  userIds?: readonly (number | null | undefined)[];
  holding?: Permission;
  /** The actor: nobody is told of what they did themselves. */
  except?: number | null;
}

/** The users of the practice the recipients describe, each once; only users who work there. */
export async function resolveRecipients(db: Db, practiceId: number, recipients: Recipients): Promise<number[]> {
  const accounts = await practiceAccounts(db, practiceId);
  const named = new Set(recipients.userIds?.filter((id): id is number => typeof id === 'number'));
  const { holding } = recipients;
  return accounts
    .filter((account) => named.has(account.id) || (holding !== undefined && can(account, holding)))
    .map((account) => account.id)
    .filter((id) => id !== recipients.except);
}

/**
 * Stores a notification for each recipient inside the caller's transaction, so an event that rolls back
 * tells nobody. Open tabs receive it through GET /api/notifications/stream. Users who turned the
 * notification's type off in their preferences (issue 21) are left out.
 */
export async function notify(
  db: Db,
  event: { practiceId: number; now: Date },
  recipients: Recipients,
  notification: NewNotification,
): Promise<number[]> {
  const resolved = await resolveRecipients(db, event.practiceId, recipients);
  const muting = await usersMuting(db, resolved, notification.type);
  const userIds = resolved.filter((id) => !muting.has(id));
  await insertNotifications(db, event.practiceId, userIds, notification, event.now);
  return userIds;
}
