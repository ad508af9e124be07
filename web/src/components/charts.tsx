import { Heading, Table, Text } from '@radix-ui/themes';
import { useId, type ReactNode } from 'react';
import { chartSummary, scaleData, type ChartDatum } from '@/lib/chart';
import { formatNumber } from '@/lib/format';
import './charts.css';

export interface ChartProps {
  title: string;
  description?: ReactNode;
  data: readonly ChartDatum[];
  /** The header of the category column of the table fallback ('Level', 'Month'). */
  categoryLabel: string;
  /** The header of the value column ('Members'). */
  valueLabel: string;
  format?: (value: number) => string;
}

/** The frame of a chart: a caption, the picture (role img, described by a summary) and the
 *  same numbers as a table for whoever prefers one. */
function ChartFrame({
  title,
  description,
  data,
  categoryLabel,
  valueLabel,
  format = formatNumber,
  children,
}: ChartProps & { children: ReactNode }) {
  const id = useId();
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <figcaption className="chart-caption">
        <Heading as="h3" size="3" id={`${id}-title`}>
          {title}
        </Heading>
        {description ? (
          <Text size="1" color="gray">
            {description}
          </Text>
        ) : null}
      </figcaption>
      <div role="img" aria-label={`${title}. ${chartSummary(data, format)}`}>
        {children}
      </div>
      <details className="chart-table">
        <summary>Show as table</summary>
        <Table.Root size="1" variant="ghost" mt="2">
          <caption className="sr-only">{title}</caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{categoryLabel}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell align="right">{valueLabel}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.map((d, i) => (
              <Table.Row key={i}>
                <Table.RowHeaderCell>{d.title ?? d.label}</Table.RowHeaderCell>
                <Table.Cell align="right">{format(d.value)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </details>
    </figure>
  );
}

/** Horizontal bars, one per category (members by level). */
export function BarChart(props: ChartProps) {
  const { items } = scaleData(props.data);
  const format = props.format ?? formatNumber;
  return (
    <ChartFrame {...props}>
      <div className="bar-chart" aria-hidden>
        {items.map((d, i) => (
          <div key={i} style={{ display: 'contents' }}>
            <span className="bar-chart-label" title={d.title}>
              {d.label}
            </span>
            <span className="bar-chart-track">
              <span className="bar-chart-bar" style={{ width: `${d.ratio * 100}%` }} />
            </span>
            <span className="bar-chart-value">{format(d.value)}</span>
          </div>
        ))}
      </div>
    </ChartFrame>
  );
}

/** Vertical columns in order (a time series: members joined per month). */
export function ColumnChart(props: ChartProps) {
  const { items } = scaleData(props.data);
  const format = props.format ?? formatNumber;
  return (
    <ChartFrame {...props}>
      <div aria-hidden>
        <div className="column-chart">
          {items.map((d, i) => (
            <div key={i} className="column-chart-col" title={d.title}>
              <span className="column-chart-value">{d.value > 0 ? format(d.value) : ''}</span>
              <span
                className="column-chart-bar"
                style={{ height: `${d.ratio * 82}%`, minHeight: d.value > 0 ? 2 : 0 }}
              />
            </div>
          ))}
        </div>
        <div className="column-chart-labels">
          {items.map((d, i) => (
            <span key={i}>{d.label}</span>
          ))}
        </div>
      </div>
    </ChartFrame>
  );
}
