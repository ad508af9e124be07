import { DropdownMenu, IconButton } from '@radix-ui/themes';
import { DesktopIcon } from '@/components/icons/desktop';
import { MoonIcon } from '@/components/icons/moon';
import { SunIcon } from '@/components/icons/sun';
import { THEME_CHOICES, useTheme, type ThemeChoice } from '@/lib/theme';

const icons = { light: SunIcon, dark: MoonIcon, auto: DesktopIcon } as const;

/** Light / Dark / Auto, persisted. */
export function ThemeMenu() {
  const { choice, setChoice } = useTheme();
  const Icon = icons[choice];
  const current = THEME_CHOICES.find((c) => c.value === choice)?.label ?? 'Auto';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <IconButton variant="ghost" color="gray" aria-label={`Theme: ${current}`}>
          <Icon width={18} height={18} />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <DropdownMenu.Label>Theme</DropdownMenu.Label>
        <DropdownMenu.RadioGroup value={choice} onValueChange={(v) => setChoice(v as ThemeChoice)}>
          {THEME_CHOICES.map((option) => (
            <DropdownMenu.RadioItem key={option.value} value={option.value}>
              {option.label}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
