import { Badge, Button } from '@radix-ui/themes';
import { MixerHorizontalIcon } from '@/components/icons/mixer-horizontal';

/** The Filters button of a list: shows or hides its filter panel, with the number of filters on. */
export function FilterToggle({
  open,
  onToggle,
  count,
  controls,
}: {
  open: boolean;
  onToggle: () => void;
  count: number;
  /** The id of the panel it shows. */
  controls: string;
}) {
  return (
    <Button
      // Open: a pressed look (soft). Gray solid under white text is 3.8:1, below WCAG AA.
      variant={open ? 'soft' : 'surface'}
      color="gray"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <MixerHorizontalIcon /> Filters
      {count > 0 ? (
        <Badge color="blue" radius="full">
          {count}
        </Badge>
      ) : null}
    </Button>
  );
}
