import { DataList, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** One labelled value of a detail page's DataList; an empty value shows as a gray dash. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === '' || children === null || children === undefined;
  return (
    <DataList.Item>
      <DataList.Label minWidth="140px">{label}</DataList.Label>
      <DataList.Value>{empty ? <Text color="gray">—</Text> : children}</DataList.Value>
    </DataList.Item>
  );
}
