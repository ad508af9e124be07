import { AssociateKind } from '@/api/gen/model/associateKind';
import { Country } from '@/api/gen/model/country';
import type { RegistrationInputKind } from '@/api/gen/model/registrationInputKind';

// The visitors' pages: registration under an upline (Builder or Direct) and the associate
// membership agreement (AMA) of a country and plan.

/** An associate code as the contract takes it (the registration's upline_code). */
export const ASSOCIATE_CODE = /^[A-Za-z0-9]{3,16}$/;

export const isCountry = (value: string): value is Country =>
  (Object.values(Country) as string[]).includes(value);

export const isPlan = (value: string): value is AssociateKind =>
  (Object.values(AssociateKind) as string[]).includes(value);

/** The plans one registers for (Health associates are not registered through a link). */
export const isRegistrationKind = (value: string): value is RegistrationInputKind =>
  value === 'Builder' || value === 'Direct';

/** register/{upline} (Builder) or register/direct/{upline} (Direct). */
export function registrationPath(kind: RegistrationInputKind, upline: string): string {
  const code = encodeURIComponent(upline);
  return kind === 'Direct' ? `/register/direct/${code}` : `/register/${code}`;
}

/** ama/{country}/{plan}, with ?upline= when the visitor came from a registration link. */
export function agreementPath(country: Country, plan: AssociateKind, upline?: string): string {
  const base = `/ama/${country}/${plan}`;
  return upline ? `${base}?upline=${encodeURIComponent(upline)}` : base;
}

/** The agreement's paragraphs: its plain text is split on blank lines. */
export function agreementParagraphs(body: string): string[] {
  return body
    .split(/\r?\n[^\S\r\n]*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
