import { describe, expect, it } from 'vitest';
import {
  agreementParagraphs,
  agreementPath,
  isCountry,
  isPlan,
  isRegistrationKind,
  registrationPath,
} from './paths';

describe('visitor paths', () => {
  it('leads to the registration form of the plan', () => {
    expect(registrationPath('Builder', 'AGT100')).toBe('/register/AGT100');
    expect(registrationPath('Direct', 'AGT100')).toBe('/register/direct/AGT100');
  });

  it('leads to the agreement, with the upline when there is one', () => {
    expect(agreementPath('USA', 'Builder')).toBe('/ama/USA/Builder');
    expect(agreementPath('Canada', 'Direct', 'AGT100')).toBe('/ama/Canada/Direct?upline=AGT100');
  });

  it('knows the countries and plans of the contract', () => {
    expect(['USA', 'Canada', 'Mexico'].filter(isCountry)).toEqual(['USA', 'Canada']);
    expect(['Builder', 'Direct', 'Health', 'Gold'].filter(isPlan)).toEqual([
      'Builder',
      'Direct',
      'Health',
    ]);
    expect(['Builder', 'Direct', 'Health'].filter(isRegistrationKind)).toEqual([
      'Builder',
      'Direct',
    ]);
  });
});

describe('agreementParagraphs', () => {
  it('splits the text on blank lines, keeping single line breaks inside a paragraph', () => {
    expect(agreementParagraphs('One.\nStill one.\n\nTwo.\r\n  \r\nThree.\n\n\n')).toEqual([
      'One.\nStill one.',
      'Two.',
      'Three.',
    ]);
    expect(agreementParagraphs('  \n\n ')).toEqual([]);
  });
});
