import type { SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { color?: string };

/**
 * A 15×15 icon of Radix Icons (@radix-ui/react-icons, MIT, © WorkOS): its one even-odd path,
 * filled with `color` (the current colour by default). Each icon is a module of its own, so
 * that a page's chunk carries only the icons it shows (the package is a single module: every
 * icon of the app went into a chunk shared by all pages). A new icon: a file like the others,
 * with the path of its SVG from radix-ui.com/icons.
 */
export function createIcon(name: string, path: string) {
  function Icon({ color = 'currentColor', ...props }: IconProps) {
    return (
      <svg
        width="15"
        height="15"
        viewBox="0 0 15 15"
        fill="none"
        xmlns="http://www.w3.org/2000/svg"
        {...props}
      >
        <path d={path} fill={color} fillRule="evenodd" clipRule="evenodd" />
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}
