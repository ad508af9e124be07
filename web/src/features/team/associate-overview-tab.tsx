import { Card, DataList, Grid, Heading, Link, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { PersonRef } from '@/api/gen/model/personRef';
import { formatDate, formatPhone } from '@/lib/format';
import { stateLabel } from '@/lib/states';
import { useAssociate } from './associate-layout';
import { LevelBadge, LicensedBadge, StatusBadge } from './badges';
import { associatePath } from './paths';

const number = new Intl.NumberFormat('en-US');

function Field({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === '' || children === null || children === undefined;
  return (
    <DataList.Item>
      <DataList.Label minWidth="140px">{label}</DataList.Label>
      <DataList.Value>{empty ? <Text color="gray">—</Text> : children}</DataList.Value>
    </DataList.Item>
  );
}

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
 *  shows its contact fields only. */
export function AssociateOverviewTab() {
  const { associate: a } = useAssociate();
  const contact = (
    <Card size="3">
      <Heading as="h2" size="3" mb="4">
        Contact
      </Heading>
      <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
        <Field label="Email">
          {a.email ? <Link href={`mailto:${a.email}`}>{a.email}</Link> : ''}
        </Field>
        <Field label="Phone">
          {a.phone ? <Link href={`tel:${a.phone}`}>{formatPhone(a.phone)}</Link> : ''}
        </Field>
        {a.relation !== 'upline' ? (
          <Field label="Location">
            {[a.city, a.state ? stateLabel(a.state) : undefined, a.country]
              .filter(Boolean)
              .join(', ')}
          </Field>
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
      {contact}
      <Card size="3">
        <Heading as="h2" size="3" mb="4">
          Profile
        </Heading>
        <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
          <Field label="Level">
            <LevelBadge level={a.level} full />
          </Field>
          <Field label="Status">{a.status ? <StatusBadge status={a.status} /> : ''}</Field>
          <Field label="Kind">{a.kind}</Field>
          <Field label="Joined">{formatDate(a.joined_on)}</Field>
          <Field label="License">
            {a.licensed !== undefined ? <LicensedBadge licensed={a.licensed} /> : ''}
          </Field>
          <Field label="Upline">
            <Person person={a.upline} />
          </Field>
          <Field label="Leader">
            <Person person={a.leader} />
          </Field>
          <Field label="Recruits">
            {a.recruits !== undefined ? number.format(a.recruits) : ''}
          </Field>
          <Field label="Downline">
            {a.downline_size !== undefined ? number.format(a.downline_size) : ''}
          </Field>
        </DataList.Root>
      </Card>
    </Grid>
  );
}
