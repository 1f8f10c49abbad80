import { DELIVERY_CHANNELS, type DeliveryChannel, type MessageTemplate } from '@dental/domain/communications/delivery';
import {
  DEFAULT_TEMPLATES,
  TEMPLATE_KEYS,
  type TemplateBody,
  type TemplateKey,
  type TemplateText,
} from '@dental/domain/communications/templates';
import { PATIENT_LANGUAGES, type PatientLanguage } from '@dental/domain/public/public-token';
import type { Db } from '../db/connection.ts';
import type { MessageTemplatesTable } from '../db/schema.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { findTemplate, practiceTemplates, saveTemplate } from '../repos/message-templates.ts';

export interface TemplateId {
  key: TemplateKey;
  channel: DeliveryChannel;
  language: PatientLanguage;
}

function toTemplate(id: TemplateId, stored: MessageTemplatesTable | undefined): MessageTemplate {
  const fallback = DEFAULT_TEMPLATES[id.key][id.channel][id.language];
  return {
    ...id,
    subject: id.channel === 'email' ? (stored ? stored.subject : fallback.subject) : null,
    body: stored?.body ?? fallback.body,
    updatedAt: stored?.updated_at ?? null,
    updatedBy: stored?.updated_by ?? null,
  };
}

/** The text a message is written from: the practice's own, else the default. */
export async function templateFor(db: Db, practiceId: number, id: TemplateId): Promise<TemplateText> {
  return toTemplate(id, await findTemplate(db, practiceId, id));
}

/** Every key × channel × language, the practice's edits over the defaults. */
export async function templatesOf(db: Db, practiceId: number): Promise<MessageTemplate[]> {
  const stored = await practiceTemplates(db, practiceId);
  const find = (id: TemplateId) =>
    stored.find((row) => row.key === id.key && row.channel === id.channel && row.language === id.language);
  return TEMPLATE_KEYS.flatMap((key) =>
    DELIVERY_CHANNELS.flatMap((channel) =>
      PATIENT_LANGUAGES.map((language) => toTemplate({ key, channel, language }, find({ key, channel, language }))),
    ),
  );
}

/** Saves a practice's text for one template; an SMS has no subject. */
export async function editTemplate(
  db: Db,
  actor: { practiceId: number; userId: number; now: Date },
  id: TemplateId,
  body: TemplateBody,
): Promise<MessageTemplate> {
  const current = await templateFor(db, actor.practiceId, id);
  const row: MessageTemplatesTable = {
    practice_id: actor.practiceId,
    ...id,
    subject: id.channel === 'email' ? (body.subject === undefined ? current.subject : body.subject) : null,
    body: body.body,
    updated_at: actor.now.toISOString(),
    updated_by: actor.userId,
  };
  await saveTemplate(db, row);
  await writeAudit(db, {
    at: actor.now,
    userId: actor.userId,
    practiceId: actor.practiceId,
    action: 'message_template.edit',
    entity: 'message_template',
    entityId: `${id.key}/${id.channel}/${id.language}`,
    details: { subject: row.subject, body: row.body },
  });
  return toTemplate(id, row);
}
