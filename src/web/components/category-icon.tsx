import { Baby, Dumbbell, GraduationCap, House, Laptop, Palette, PawPrint, Trees, type IconComponent } from './icons/index.js';
import type { CategorySlug } from '../../shared/catalogue.js';
import { DEFAULT_CATEGORY_COLOR } from '../../shared/limits.js';
import { cn } from '../lib/utils.js';

const ICONS: Record<CategorySlug, IconComponent> = {
  tutoring: GraduationCap,
  yard: Trees,
  pet: PawPrint,
  childcare: Baby,
  tech: Laptop,
  household: House,
  creative: Palette,
  'sports-fitness': Dumbbell,
};

const ICON_PX = { sm: 16, md: 24, lg: 30 } as const;
const CIRCLE_CLASSES = { sm: 'size-8', md: 'size-12', lg: 'size-16' } as const;

export type CategoryIconSize = keyof typeof ICON_PX;

/** A white category icon on a round badge in the category colour; decorative, the category name sits next to it. */
export function CategoryIcon({
  slug,
  color,
  size = 'md',
  className,
}: {
  slug: string;
  color?: string | null;
  size?: CategoryIconSize;
  className?: string;
}) {
  // Any slug without an icon of its own gets the tutoring icon (the specification, §3).
  const Icon = Object.hasOwn(ICONS, slug) ? ICONS[slug as CategorySlug] : GraduationCap;
  return (
    <span
      aria-hidden="true"
      className={cn('inline-flex shrink-0 items-center justify-center rounded-full text-white', CIRCLE_CLASSES[size], className)}
      style={{ backgroundColor: color || DEFAULT_CATEGORY_COLOR }}
    >
      <Icon size={ICON_PX[size]} />
    </span>
  );
}
