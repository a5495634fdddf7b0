// The app's icons (decision 066): each draws lucide's icon of the same name from one sprite file, cached once for every
// page, with <use>, instead of carrying its shapes inline in each page's markup and in the JavaScript. lucide's
// attributes (24 wide, stroked in currentColor, 2 wide, round) are the stylesheet's `.lucide` rule, not attributes on
// every icon (decision 073: 150 bytes each, some 75 a listing's page), and a size class (`size-4`) wins over them, as
// with lucide; the symbol's own viewBox scales the shapes to the icon's size.
import type { CSSProperties, ReactElement, SVGProps } from 'react';
import spriteUrl from 'virtual:icon-sprite';
import type { IconName } from './names.js';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'strokeWidth' | 'fill'> {
  /** Width and height in pixels, 24 unless given; a size class (`size-4`) wins over it, as with lucide. */
  size?: number;
  /** The stroke's width, 2 unless given. */
  strokeWidth?: number;
  /** The shapes' fill, none unless given; a fill class (`fill-amber-400`) wins over it. */
  fill?: string;
}

/** An icon passed as a value (a category's, a fact's, a tab's). */
export type IconComponent = ((props: IconProps) => ReactElement) & { displayName: string };

/** lucide's rule: an icon that names something to assistive technology is not hidden from it; any other is. */
function isAnnounced(props: IconProps): boolean {
  return Object.entries(props).some(([prop, value]) => (prop.startsWith('aria-') || prop === 'role' || prop === 'title') && value != null);
}

/** A size, stroke or fill other than lucide's, as the `.lucide` rule's custom properties, so a class still wins. */
function drawing({ size, strokeWidth, fill }: Pick<IconProps, 'size' | 'strokeWidth' | 'fill'>, style: CSSProperties | undefined): CSSProperties | undefined {
  if (size === undefined && strokeWidth === undefined && fill === undefined) return style;
  const custom = { '--icon-size': size === undefined ? undefined : `${size}px`, '--icon-stroke': strokeWidth, '--icon-fill': fill };
  return { ...Object.fromEntries(Object.entries(custom).filter(([, value]) => value !== undefined)), ...style } as CSSProperties;
}

function spriteIcon(name: IconName): IconComponent {
  const href = `${spriteUrl}#${name}`;
  function Icon({ size, strokeWidth, fill, className, children, style, ...props }: IconProps) {
    return (
      <svg
        className={className ? `lucide ${className}` : 'lucide'}
        style={drawing({ size, strokeWidth, fill }, style)}
        aria-hidden={children != null || isAnnounced(props) ? undefined : 'true'}
        {...props}
      >
        <use href={href} />
        {children}
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}

export const ArrowLeft = spriteIcon('ArrowLeft');
export const ArrowRight = spriteIcon('ArrowRight');
export const Baby = spriteIcon('Baby');
export const BadgeCheck = spriteIcon('BadgeCheck');
export const Ban = spriteIcon('Ban');
export const Bell = spriteIcon('Bell');
export const BellPlus = spriteIcon('BellPlus');
export const CalendarDays = spriteIcon('CalendarDays');
export const ChartColumn = spriteIcon('ChartColumn');
export const Check = spriteIcon('Check');
export const ChevronDown = spriteIcon('ChevronDown');
export const ChevronLeft = spriteIcon('ChevronLeft');
export const ChevronRight = spriteIcon('ChevronRight');
export const CircleAlert = spriteIcon('CircleAlert');
export const CircleCheck = spriteIcon('CircleCheck');
export const CircleDollarSign = spriteIcon('CircleDollarSign');
export const ClipboardList = spriteIcon('ClipboardList');
export const DatabaseBackup = spriteIcon('DatabaseBackup');
export const Download = spriteIcon('Download');
export const Dumbbell = spriteIcon('Dumbbell');
export const EllipsisVertical = spriteIcon('EllipsisVertical');
export const ExternalLink = spriteIcon('ExternalLink');
export const Flag = spriteIcon('Flag');
export const FolderOpen = spriteIcon('FolderOpen');
export const Gavel = spriteIcon('Gavel');
export const GraduationCap = spriteIcon('GraduationCap');
export const HandHelping = spriteIcon('HandHelping');
export const Handshake = spriteIcon('Handshake');
export const Heart = spriteIcon('Heart');
export const HeartHandshake = spriteIcon('HeartHandshake');
export const Hourglass = spriteIcon('Hourglass');
export const House = spriteIcon('House');
export const ImagePlus = spriteIcon('ImagePlus');
export const Info = spriteIcon('Info');
export const KeyRound = spriteIcon('KeyRound');
export const Laptop = spriteIcon('Laptop');
export const LoaderCircle = spriteIcon('LoaderCircle');
export const LocateFixed = spriteIcon('LocateFixed');
export const LogIn = spriteIcon('LogIn');
export const Mail = spriteIcon('Mail');
export const MailCheck = spriteIcon('MailCheck');
export const MailQuestion = spriteIcon('MailQuestion');
export const MapPin = spriteIcon('MapPin');
export const Menu = spriteIcon('Menu');
export const MessageCircle = spriteIcon('MessageCircle');
export const MessageCircleQuestion = spriteIcon('MessageCircleQuestion');
export const MessagesSquare = spriteIcon('MessagesSquare');
export const Monitor = spriteIcon('Monitor');
export const Moon = spriteIcon('Moon');
export const Navigation = spriteIcon('Navigation');
export const Package = spriteIcon('Package');
export const Palette = spriteIcon('Palette');
export const Pause = spriteIcon('Pause');
export const PawPrint = spriteIcon('PawPrint');
export const Pencil = spriteIcon('Pencil');
export const Play = spriteIcon('Play');
export const Plus = spriteIcon('Plus');
export const RefreshCw = spriteIcon('RefreshCw');
export const RotateCcw = spriteIcon('RotateCcw');
export const Search = spriteIcon('Search');
export const SearchX = spriteIcon('SearchX');
export const SendHorizontal = spriteIcon('SendHorizontal');
export const Share2 = spriteIcon('Share2');
export const ShieldAlert = spriteIcon('ShieldAlert');
export const ShieldCheck = spriteIcon('ShieldCheck');
export const SlidersHorizontal = spriteIcon('SlidersHorizontal');
export const Sparkles = spriteIcon('Sparkles');
export const Star = spriteIcon('Star');
export const Sun = spriteIcon('Sun');
export const Tag = spriteIcon('Tag');
export const Trash2 = spriteIcon('Trash2');
export const Trees = spriteIcon('Trees');
export const TriangleAlert = spriteIcon('TriangleAlert');
export const UserPlus = spriteIcon('UserPlus');
export const Users = spriteIcon('Users');
export const Wrench = spriteIcon('Wrench');
export const X = spriteIcon('X');
