import { describe, expect, it } from 'vitest';
import { ConfigurationError, checkStartupConfiguration, defaultStartupConfiguration } from '../src/config.ts';

describe('startup configuration check', () => {
  it('accepts the defaults', () => {
    expect(checkStartupConfiguration(defaultStartupConfiguration)).toEqual(defaultStartupConfiguration);
  });

  it.each(['staleTimeMs', 'queryTimeoutMs', 'sessionTimeoutMs', 'defaultPracticeId', 'maxUploadBytes'] as const)(
    'fails when %s is not positive',
    (key) => {
      for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
        const config = { ...defaultStartupConfiguration, [key]: bad };
        expect(() => checkStartupConfiguration(config)).toThrow(ConfigurationError);
        try {
          checkStartupConfiguration(config);
        } catch (error) {
          expect((error as ConfigurationError).invalidKeys).toEqual([key]);
        }
      }
    },
  );
});
