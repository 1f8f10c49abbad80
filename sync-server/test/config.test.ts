import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnvironment } from '../src/config.ts';

describe('configuration from the environment', () => {
  it('runs on the SQLite file in DATA_DIR unless DATABASE_URL names a PostgreSQL database', () => {
    expect(readEnvironment({ DATA_DIR: '/srv/dental' }, null).database).toEqual({
      kind: 'sqlite',
      file: join(resolve('/srv/dental'), 'dental.sqlite'),
    });
    for (const url of ['postgres://dental:secret@db:5432/dental', 'postgresql://db/dental']) {
      expect(readEnvironment({ DATABASE_URL: url }, null).database).toEqual({ kind: 'postgres', url });
    }
    expect(() => readEnvironment({ DATABASE_URL: 'mysql://db/dental' }, null)).toThrow(/DATABASE_URL/);
  });

  it("keeps spec 9's 1000 requests per 15 minutes unless RATE_LIMIT_MAX says otherwise", () => {
    expect(readEnvironment({}, null).settings.rateLimitMax).toBe(1000);
    expect(readEnvironment({ RATE_LIMIT_MAX: '5000' }, null).settings.rateLimitMax).toBe(5000);
    for (const bad of ['0', '-3', '1.5', 'many']) {
      expect(() => readEnvironment({ RATE_LIMIT_MAX: bad }, null)).toThrow(/RATE_LIMIT_MAX/);
    }
  });

  it('links patients to PUBLIC_BASE_URL, else this server on localhost', () => {
    expect(readEnvironment({ PORT: '8080' }, null).settings.publicBaseUrl).toBe('http://localhost:8080');
    expect(readEnvironment({ PUBLIC_BASE_URL: 'https://clinic.example/' }, null).settings.publicBaseUrl).toBe(
      'https://clinic.example',
    );
    expect(() => readEnvironment({ PUBLIC_BASE_URL: 'clinic.example' }, null)).toThrow(/PUBLIC_BASE_URL/);
  });

  it('writes e-mail to DATA_DIR/mail and logs SMS unless SMTP_URL and SMS_URL are set', () => {
    const local = readEnvironment({ DATA_DIR: '/srv/dental' }, null);
    expect(local.email).toMatchObject({ smtpUrl: null, mailDir: join(resolve('/srv/dental'), 'mail') });
    expect(local.sms.url).toBeNull();
    expect(local.settings.smsWebhookSecret).toBeNull();
    const sending = readEnvironment(
      {
        SMTP_URL: 'smtp://mail:secret@smtp.example:587',
        MAIL_FROM: 'Clinic <clinic@example.ca>',
        SMS_URL: 'https://sms.example/Messages.json',
        SMS_FROM: '+14165550000',
        SMS_ACCOUNT_SID: 'AC1',
        SMS_AUTH_TOKEN: 'token',
        SMS_WEBHOOK_SECRET: 'hook',
      },
      null,
    );
    expect(sending.email).toMatchObject({
      smtpUrl: 'smtp://mail:secret@smtp.example:587',
      from: 'Clinic <clinic@example.ca>',
    });
    expect(sending.sms).toEqual({
      url: 'https://sms.example/Messages.json',
      from: '+14165550000',
      accountSid: 'AC1',
      authToken: 'token',
    });
    expect(sending.settings.smsWebhookSecret).toBe('hook');
    expect(() => readEnvironment({ SMTP_URL: 'mail.example' }, null)).toThrow(/SMTP_URL/);
    expect(() => readEnvironment({ SMS_URL: 'ftp://sms.example' }, null)).toThrow(/SMS_URL/);
  });
});
