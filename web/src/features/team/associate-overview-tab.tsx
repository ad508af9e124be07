import { Card, DataList, Grid, Heading, Link, Text } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router';
import type { AssociateProduction } from '@/api/gen/model/associateProduction';
import type { PersonRef } from '@/api/gen/model/personRef';
import { DetailField } from '@/components/detail-field';
import { ColumnChart } from '@/components/charts';
import { monthColumns } from '@/lib/chart';
import {
  formatCurrency,
  formatCurrencyCompact,
  formatDate,
  formatNumber,
  formatPhone,
} from '@/lib/format';
import { stateLabel } from '@/lib/states';
import { useAssociate } from './associate-layout';
import { LevelBadge, LicensedBadge, StatusBadge } from './badges';
import { associatePath } from './paths';

function Person({ person }: { person: PersonRef | undefined }) {
  if (!person) return '';
  return (
    <Link asChild>
      <RouterLink to={associatePath(person.code)}>
        {person.name} ({person.code})
      </RouterLink>
    </Link>
  );
}

/** The overview tab (the index of team/{code} and of account): contact and profile; an upline
 *  shows its contact fields only. The account shows its contact with its own details (the
 *  account feature's, with their edit forms), so not here. */
export function AssociateOverviewTab() {
  const { associate: a, account } = useAssociate();
  const contact = (
    <Card size="3">
      <Heading as="h2" size="3" mb="4">
        Contact
      </Heading>
      <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
        <DetailField label="Email">
          {a.email ? <Link href={`mailto:${a.email}`}>{a.email}</Link> : ''}
        </DetailField>
        <DetailField label="Phone">
          {a.phone ? <Link href={`tel:${a.phone}`}>{formatPhone(a.phone)}</Link> : ''}
        </DetailField>
        {a.relation !== 'upline' ? (
          <DetailField label="Location">
            {[a.city, a.state ? stateLabel(a.state) : undefined, a.country]
              .filter(Boolean)
              .join(', ')}
          </DetailField>
        ) : null}
      </DataList.Root>
    </Card>
  );

  if (a.relation === 'upline') {
    return (
      <Grid columns={{ initial: '1', md: '2' }} gap="4">
        {contact}
        <Card size="3">
          <Heading as="h2" size="3" mb="2">
            Your upline
          </Heading>
          <Text as="p" size="2" color="gray">
            {a.name} is above you in the hierarchy. Only the contact details of your upline are
            shown.
          </Text>
        </Card>
      </Grid>
    );
  }

  return (
    <Grid columns={{ initial: '1', md: '2' }} gap="4">
      {account ? null : contact}
      <Card size="3" style={account ? { gridColumn: '1 / -1' } : undefined}>
        <Heading as="h2" size="3" mb="4">
          Profile
        </Heading>
        <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
          <DetailField label="Level">
            <LevelBadge level={a.level} full />
          </DetailField>
          <DetailField label="Status">
            {a.status ? <StatusBadge status={a.status} /> : ''}
          </DetailField>
          <DetailField label="Kind">{a.kind}</DetailField>
          <DetailField label="Joined">{formatDate(a.joined_on)}</DetailField>
          <DetailField label="License">
            {a.licensed !== undefined ? <LicensedBadge licensed={a.licensed} /> : ''}
          </DetailField>
          <DetailField label="Upline">
            <Person person={a.upline} />
          </DetailField>
          <DetailField label="Leader">
            <Person person={a.leader} />
          </DetailField>
          <DetailField label="Recruits">
            {a.recruits !== undefined ? formatNumber(a.recruits) : ''}
          </DetailField>
          <DetailField label="Downline">
            {a.downline_size !== undefined ? formatNumber(a.downline_size) : ''}
          </DetailField>
        </DataList.Root>
      </Card>
      {a.production ? <Production production={a.production} /> : null}
    </Grid>
  );
}

/** The associate's personal production of the last twelve months, by month. */
function Production({ production }: { production: AssociateProduction }) {
  const { totals } = production;
  return (
    <Card size="3" style={{ gridColumn: '1 / -1' }}>
      <ColumnChart
        title="Production, last 12 months"
        description={`${formatCurrency(totals.bv_cents)} BV · ${formatCurrency(totals.premium_cents)} premium · ${formatNumber(totals.policies)} ${totals.policies === 1 ? 'policy' : 'policies'}, ${formatDate(production.period_start)} – ${formatDate(production.period_end)}`}
        data={monthColumns(
          production.by_month,
          (m) => m.label,
          (m) => m.amounts.bv_cents,
        )}
        categoryLabel="Month"
        valueLabel="BV"
        format={formatCurrencyCompact}
      />
    </Card>
  );
}
