import { describe, expect, it } from 'vitest';
import { downloadCashflow, listCashflow, listChargebacks } from '@/api/lists.gen';
import { activeFilterCount, cleanFilter, declaredOnly } from '@/lib/listing-state';
import {
  cashflowFilterToValues,
  cashflowValuesToFilter,
  chargebackFilterToValues,
  chargebackValuesToFilter,
  emptyCashflowFilters,
  emptyChargebackFilters,
  firstDayToMonth,
  monthToFirstDay,
  type CashflowFilterValues,
  type ChargebackFilterValues,
} from './cashflow-filters';

// Every field of the cashflow panel set.
const cashflow: CashflowFilterValues = {
  period_from: '2026-01',
  period_to: '2026-03',
  occurred_from: '2026-01-05',
  occurred_to: '2026-03-31',
  categories: ['Personal', 'Override'],
  bonus_types: ['Writing', 'Unpaid Generations Bonus'],
  statuses: ['Escrow', 'Chargeback Escrow'],
  direction: 'Chargeback',
  policy_number: 'LF-1/7',
  policy_id: '31',
  associate_code: 'AGT100',
};

// Every field of the chargeback panel set.
const chargeback: ChargebackFilterValues = {
  period_from: '2026-01',
  period_to: '2026-12',
  categories: ['Generation'],
  status: 'Chargeback Escrow',
  policy_number: 'LF-2',
  policy_id: '44',
  associate_code: 'AGT200',
};

describe('months of the period filter', () => {
  it('go to the first day of the month and back', () => {
    expect(monthToFirstDay('2026-03')).toBe('2026-03-01');
    expect(monthToFirstDay(' 2026-12 ')).toBe('2026-12-01');
    expect(monthToFirstDay('2026-13')).toBe('');
    expect(monthToFirstDay('March')).toBe('');
    expect(monthToFirstDay('')).toBe('');
    expect(firstDayToMonth('2026-03-01')).toBe('2026-03');
    // A hand-edited URL with another day still names its month.
    expect(firstDayToMonth('2026-03-15')).toBe('2026-03');
    expect(firstDayToMonth('soon')).toBe('');
    expect(firstDayToMonth(undefined)).toBe('');
  });
});

describe('cashflow filters', () => {
  it('turn the panel into API filters, dropping the empty ones', () => {
    const filter = cleanFilter(
      cashflowValuesToFilter({
        ...emptyCashflowFilters,
        period_from: '2026-02',
        categories: ['Bonus'],
        direction: 'Compensation',
        policy_number: ' LF-9 ',
      }),
    );
    expect(filter).toEqual({
      period: { gte: '2026-02-01' },
      category: { in: ['Bonus'] },
      direction: { eq: 'Compensation' },
      policy_number: { eq: 'LF-9' },
    });
    expect(activeFilterCount(filter)).toBe(4);
    expect(cleanFilter(cashflowValuesToFilter(emptyCashflowFilters))).toEqual({});
  });

  it('use the operators the contract offers for each field', () => {
    expect(cleanFilter(cashflowValuesToFilter(cashflow))).toEqual({
      period: { gte: '2026-01-01', lte: '2026-03-01' },
      occurred_on: { gte: '2026-01-05', lte: '2026-03-31' },
      category: { in: ['Personal', 'Override'] },
      bonus_type: { in: ['Writing', 'Unpaid Generations Bonus'] },
      status: { in: ['Escrow', 'Chargeback Escrow'] },
      direction: { eq: 'Chargeback' },
      policy_number: { eq: 'LF-1/7' },
      policy_id: { eq: '31' },
      associate_code: { eq: 'AGT100' },
    });
  });

  it('come back from the filter as they went in', () => {
    expect(cashflowFilterToValues(cleanFilter(cashflowValuesToFilter(cashflow)))).toEqual(cashflow);
    expect(
      cashflowFilterToValues(cleanFilter(cashflowValuesToFilter(emptyCashflowFilters))),
    ).toEqual(emptyCashflowFilters);
  });

  it('read values of the URL as text, and only a direction the contract knows', () => {
    expect(
      cashflowFilterToValues({ policy_id: { eq: 31 }, direction: { eq: 'Sideways' } }),
    ).toEqual({ ...emptyCashflowFilters, policy_id: '31' });
  });
});

describe('chargeback filters', () => {
  it('use the operators the contract offers, and come back as they went in', () => {
    const filter = cleanFilter(chargebackValuesToFilter(chargeback));
    expect(filter).toEqual({
      period: { gte: '2026-01-01', lte: '2026-12-01' },
      category: { in: ['Generation'] },
      status: { eq: 'Chargeback Escrow' },
      policy_number: { eq: 'LF-2' },
      policy_id: { eq: '44' },
      associate_code: { eq: 'AGT200' },
    });
    expect(chargebackFilterToValues(filter)).toEqual(chargeback);
    expect(cleanFilter(chargebackValuesToFilter(emptyChargebackFilters))).toEqual({});
  });

  it('read only a chargeback status', () => {
    expect(chargebackFilterToValues({ status: { eq: 'Paid' } }).status).toBe('');
  });
});

describe('the payments filter panels and the contract', () => {
  it('offer only filters listCashflow and downloadCashflow declare', () => {
    const state = { filter: cleanFilter(cashflowValuesToFilter(cashflow)), order: {} };
    expect(activeFilterCount(state.filter)).toBe(11);
    expect(declaredOnly(state, listCashflow)).toEqual(state);
    expect(declaredOnly(state, downloadCashflow)).toEqual(state);
  });

  it('offer only filters listChargebacks declares', () => {
    const state = { filter: cleanFilter(chargebackValuesToFilter(chargeback)), order: {} };
    expect(activeFilterCount(state.filter)).toBe(7);
    expect(declaredOnly(state, listChargebacks)).toEqual(state);
  });

  it('offer each enum value the contract lists', () => {
    for (const value of cashflow.statuses) {
      expect(listCashflow.fields.status?.values).toContain(value);
    }
    for (const value of cashflow.bonus_types) {
      expect(listCashflow.fields.bonus_type?.values).toContain(value);
    }
    expect(listCashflow.fields.direction?.values).toContain(cashflow.direction);
    expect(listChargebacks.fields.status?.values).toContain(chargeback.status);
  });
});
