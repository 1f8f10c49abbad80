import { describe, expect, it } from 'vitest';
import { anAppointment } from '../../../../test/builders.ts';
import { dueDateOf, followUpRequest, initialValues, planOf, recallTypeIdFor } from './check-out-values.ts';
import { paymentFields } from './payment.ts';

const ZONE = 'America/Toronto';
const visit = anAppointment({ notes: 'Sensitive lower left', providerName: 'Dr. Lindqvist' });

describe('what the check-out wizard opens with', () => {
  it('offers a follow-up two weeks on, at 09:00 for 30 minutes with the same provider and room', () => {
    const values = initialValues(visit, ZONE, '2026-11-23');
    expect(values.followUp).toEqual({
      enabled: false,
      date: '2026-12-07',
      time: '09:00',
      duration: '30',
      providerId: '2',
      room: 'Room 1',
      procedure: 'Follow-up',
      notes: '',
    });
    expect(values).toMatchObject({ notes: 'Sensitive lower left', treatmentCompleted: true, survey: true });
    expect(values.recalls.cleaning).toEqual({ chosen: false, priority: 'medium' });
  });

  it('never offers a follow-up date already past', () => {
    expect(initialValues(visit, ZONE, '2027-01-10').followUp.date).toBe('2027-01-10');
  });
});

describe('recalls', () => {
  it('dates each preset from the visit', () => {
    expect(dueDateOf('cleaning', '2026-11-23')).toBe('2027-05-23');
    expect(dueDateOf('follow-up', '2026-11-23')).toBe('2026-12-07');
  });

  it("finds the practice's recall type whatever its spelling, or none", () => {
    const types = [
      { id: '4', name: 'X Ray' },
      { id: '7', name: 'Cleaning' },
    ];
    expect(recallTypeIdFor('xray', types)).toBe(4);
    expect(recallTypeIdFor('cleaning', types)).toBe(7);
    expect(recallTypeIdFor('fluoride', types)).toBeNull();
  });
});

describe('what Complete Check Out sends', () => {
  it('books the follow-up with its defaults filled in', () => {
    const values = initialValues(visit, ZONE, '2026-11-23');
    expect(followUpRequest(visit, { ...values.followUp, procedure: ' ', notes: ' ' })).toEqual({
      patientId: 'p-1',
      providerId: 2,
      treatmentRoom: 'Room 1',
      date: '2026-12-07',
      time: '09:00',
      duration: 30,
      procedure: 'Follow-up',
      notes: null,
    });
  });

  it('sends the changed notes, the rating, the chosen recalls and the survey; payment only online', () => {
    const values = initialValues(visit, ZONE, '2026-11-23');
    values.notes = 'Sensitive lower left; fluoride applied';
    values.visitRating = 'good';
    values.recalls.fluoride.chosen = true;
    values.payment = { paymentCollected: true, paymentAmount: 120, paymentMethod: 'card' };
    const context = { timeZone: ZONE, recallTypes: [{ id: '3', name: 'Fluoride' }] };
    const online = planOf(visit, values, { ...context, online: true });
    expect(online.details).toEqual({
      treatmentCompleted: true,
      notes: 'Sensitive lower left; fluoride applied',
      visitRating: 'good',
      paymentCollected: true,
      paymentAmount: 120,
      paymentMethod: 'card',
    });
    expect(online.recalls).toEqual([
      {
        label: 'Fluoride',
        recallTypeId: 3,
        lastVisitDate: '2026-11-23',
        dueDate: '2027-02-23',
        priority: 'low',
        notes: null,
      },
    ]);
    expect(online.followUp).toBeNull();
    expect(online.survey).toEqual({
      patientId: 'p-1',
      appointmentId: 'a-1',
      type: 'satisfaction',
      method: 'email',
      treatmentCompleted: true,
      providerName: 'Dr. Lindqvist',
      treatmentDate: '2026-11-23',
    });
    expect(planOf(visit, values, { ...context, online: false }).details).not.toHaveProperty('paymentCollected');
  });

  it('leaves the notes out when they did not change', () => {
    const values = initialValues(visit, ZONE, '2026-11-23');
    expect(planOf(visit, values, { timeZone: ZONE, online: true, recallTypes: [] }).details).toEqual({
      treatmentCompleted: true,
      paymentCollected: false,
    });
  });
});

describe('payment', () => {
  it('sends nothing about payment offline, and only what was entered online', () => {
    const entered = { paymentCollected: true, paymentAmount: '' as number | string, paymentMethod: null };
    expect(paymentFields(false, { ...entered, paymentAmount: 50 })).toEqual({});
    expect(paymentFields(true, { ...entered, paymentCollected: false })).toEqual({ paymentCollected: false });
    expect(paymentFields(true, entered)).toEqual({ paymentCollected: true });
    expect(paymentFields(true, { ...entered, paymentAmount: 50, paymentMethod: 'cash' })).toEqual({
      paymentCollected: true,
      paymentAmount: 50,
      paymentMethod: 'cash',
    });
  });
});
