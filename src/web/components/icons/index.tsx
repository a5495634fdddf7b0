// The app's icons (decision 066): each draws lucide's icon of the same name from one sprite file, cached once for every
// page, with <use>, instead of carrying its shapes inline in each page's markup and in the JavaScript. The attributes
// and props are lucide-react's, so an icon looks as it did: stroked in currentColor, 2 wide, round, sized by its class.
import type { ReactElement, SVGProps } from 'react';
import spriteUrl from 'virtual:icon-sprite';
import type { IconName } from './names.js';

export interface IconProps extends SVGProps<SVGSVGElement> {
  /** Width and height, 24 unless given; a size class (`size-4`) wins over it, as with lucide. */
  size?: number | string;
}

/** An icon passed as a value (a category's, a fact's, a tab's). */
export type IconComponent = ((props: IconProps) => ReactElement) & { displayName: string };

/** lucide's rule: an icon that names something to assistive technology is not hidden from it; any other is. */
function isAnnounced(props: IconProps): boolean {
  return Object.entries(props).some(([prop, value]) => (prop.startsWith('aria-') || prop === 'role' || prop === 'title') && value != null);
}

function spriteIcon(name: IconName): IconComponent {
  const href = `${spriteUrl}#${name}`;
  function Icon({ size = 24, strokeWidth = 2, className, children, ...props }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `lucide ${className}` : 'lucide'}
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
export const PawPrint = spriteIcon('PawPrint');
export const Pencil = spriteIcon('Pencil');
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
