import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CommandPermissionError } from '../src/commands/errors.ts';
import { anUnlockedStore, aPatientInput } from './support/store.ts';

const receptionist = { role: 'receptionist' };
const noInsurance = { role: 'receptionist', permissions: { 'patients.insurance': false } };

describe('the medical and insurance field rule, on the device', () => {
  it.each([
    ['allergies', receptionist, { allergies: ['Latex'] }, 'patients.medical_history'],
    ['conditions', receptionist, { conditions: ['Asthma'] }, 'patients.medical_history'],
    ['an insurance provider', noInsurance, { insuranceProvider: 'Sun Life' }, 'patients.insurance'],
  ])(
    'a create with %s is refused offline as the server refuses it, and nothing is stored or queued',
    async (_label, actor, medicalHistory, permission) => {
      const { local, store } = await anUnlockedStore({ actor });
      const attempt = local.patients.create(aPatientInput({ medicalHistory }));
      await expect(attempt).rejects.toBeInstanceOf(CommandPermissionError);
      await expect(attempt).rejects.toMatchObject({
        requiredPermission: permission,
        message: `Changing this field requires the ${permission} permission.`,
      });
      expect(await store.db.outbox.count()).toBe(0);
      expect(await store.db.patients.count()).toBe(0);
    },
  );

  it('a receptionist creates a patient without medical lists; a doctor with them', async () => {
    const desk = await anUnlockedStore({ actor: receptionist });
    await desk.local.patients.create(aPatientInput({ medicalHistory: { allergies: [] } }));
    expect(await desk.store.db.outbox.count()).toBe(1);
    const clinic = await anUnlockedStore({ actor: { role: 'doctor' } });
    await clinic.local.patients.create(aPatientInput());
    expect(await clinic.store.db.outbox.count()).toBe(1);
  });

  it('an edit that touches the clinical lists needs the permission too; other fields do not', async () => {
    const { local, store } = await anUnlockedStore({ actor: receptionist });
    const { patient } = await local.patients.create(aPatientInput({ medicalHistory: {} }));
    await local.patients.update(patient.id, { city: 'Ottawa' });
    await expect(
      local.patients.update(patient.id, { medicalHistory: { medications: ['Warfarin'] } }),
    ).rejects.toMatchObject({ requiredPermission: 'patients.medical_history' });
    expect(await store.db.outbox.count()).toBe(2);
  });
});
