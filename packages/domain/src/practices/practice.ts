import * as v from 'valibot';
import { jsonObject, positiveId } from '../validation/fields.ts';

export interface Practice {
  id: number;
  name: string;
  city: string;
  province: string;
  settings: { timezone: string };
}

export const switchPracticeBodySchema = jsonObject({ practiceId: positiveId('practiceId') });

export const practiceIdParamsSchema = v.object({ id: positiveId('id') });
