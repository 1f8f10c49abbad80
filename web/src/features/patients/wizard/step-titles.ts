import { msg } from '@lingui/core/macro';

/** The wizard's steps, in order; their titles are translated where they are shown. */
export const STEP_TITLES = [
  msg`Personal Information`,
  msg`Contact & Address`,
  msg`Medical Information`,
  msg`Send Forms`,
  msg`Schedule Appointment`,
] as const;
