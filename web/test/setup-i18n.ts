// Unit tests call code that translates; the app activates a language before its first render, so do the same.
import '../src/platform/i18n/i18n.ts';
