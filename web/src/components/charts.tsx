import { Heading, Table, Text } from '@radix-ui/themes';
import { useId, type ReactNode } from 'react';
import {
  chartSummary,
  groupedSummary,
  scaleData,
  type ChartCategory,
  type ChartDatum,
  type ChartSeries,
} from '@/lib/chart';
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

/** The frame of a chart: a caption, the picture (role img, described by `summary`) and the
 *  same numbers as `table` for whoever prefers one. */
function Figure({
  title,
  description,
  summary,
  table,
  children,
}: {
  title: string;
  description?: ReactNode;
  summary: string;
  /** The header row and body rows of the table fallback. */
  table: ReactNode;
  children: ReactNode;
}) {
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
      <div role="img" aria-label={`${title}. ${summary}`}>
        {children}
      </div>
      <details className="chart-table">
        <summary>Show as table</summary>
        <Table.Root size="1" variant="ghost" mt="2">
          <caption className="sr-only">{title}</caption>
          {table}
        </Table.Root>
      </details>
    </figure>
  );
}

/** A chart of one value per category, with its summary and table. */
function ChartFrame({
  title,
  description,
  data,
  categoryLabel,
  valueLabel,
  format = formatNumber,
  children,
}: ChartProps & { children: ReactNode }) {
  return (
    <Figure
      title={title}
      description={description}
      summary={chartSummary(data, format)}
      table={
        <>
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
        </>
      }
    >
      {children}
    </Figure>
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

export interface GroupedColumnChartProps {
  title: string;
  description?: ReactNode;
  /** The categories in order (months, oldest first). */
  categories: readonly ChartCategory[];
  /** Two or three series with one value per category; a `negative` one (chargebacks) is drawn
   *  hatched as well as in red, and by its size whatever its sign. */
  series: readonly ChartSeries[];
  categoryLabel: string;
  format?: (value: number) => string;
}

/** Columns side by side per category (compensation and chargebacks per month), with a legend. */
export function GroupedColumnChart({
  title,
  description,
  categories,
  series,
  categoryLabel,
  format = formatNumber,
}: GroupedColumnChartProps) {
  const max = series.reduce((m, s) => s.values.reduce((n, v) => Math.max(n, Math.abs(v)), m), 0);
  return (
    <Figure
      title={title}
      description={description}
      summary={groupedSummary(categories, series, format)}
      table={
        <>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{categoryLabel}</Table.ColumnHeaderCell>
              {series.map((s) => (
                <Table.ColumnHeaderCell key={s.name} align="right">
                  {s.name}
                </Table.ColumnHeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {categories.map((c, i) => (
              <Table.Row key={i}>
                <Table.RowHeaderCell>{c.title ?? c.label}</Table.RowHeaderCell>
                {series.map((s) => (
                  <Table.Cell key={s.name} align="right">
                    {format(s.values[i] ?? 0)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </>
      }
    >
      <div aria-hidden>
        <div className="chart-legend">
          {series.map((s) => (
            <span key={s.name}>
              <span className="chart-swatch" data-tone={s.tone ?? 'accent'} />
              {s.name}
            </span>
          ))}
        </div>
        <div className="column-chart">
          {categories.map((c, i) => (
            <div key={i} className="grouped-chart-group">
              {series.map((s) => {
                const value = s.values[i] ?? 0;
                const ratio = max > 0 ? Math.abs(value) / max : 0;
                return (
                  <span
                    key={s.name}
                    className="grouped-chart-bar"
                    data-tone={s.tone ?? 'accent'}
                    title={`${c.title ?? c.label} · ${s.name}: ${format(value)}`}
                    style={{ height: `${ratio * 90}%`, minHeight: value !== 0 ? 2 : 0 }}
                  />
                );
              })}
            </div>
          ))}
        </div>
        <div className="column-chart-labels">
          {categories.map((c, i) => (
            <span key={i}>{c.label}</span>
          ))}
        </div>
      </div>
    </Figure>
  );
}
