import { Heart } from '#web/components/icons/index.js';
import type { Service } from '#shared/services.js';
import { useAuth } from '#web/core/session/index.js';
import { promptSignIn } from '#web/components/sign-in-prompt.js';
import { Button } from '#web/components/ui/button.js';
import { toast } from '#web/components/ui/use-toast.js';
import { ApiError } from '#web/lib/api.js';
import { cn } from '#web/lib/utils.js';
import { useToggleLike } from '../api/toggle-like.js';

const sendToLogin = () => promptSignIn('Please log in', 'You need to be logged in to like services.');

export function LikeButton({ service }: { service: Pick<Service, 'id' | 'title' | 'isLikedByUser' | 'likeCount'> }) {
  const { status } = useAuth();
  const toggleLike = useToggleLike();
  const liked = service.isLikedByUser;

  function onClick() {
    if (status !== 'signed-in') return sendToLogin();
    if (toggleLike.isPending) return;
    const next = !liked;
    toggleLike.mutate(
      { service, liked: next },
      {
        onSuccess: () => toast({ title: next ? 'Service liked' : 'Service unliked' }),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) return sendToLogin();
          toast({ variant: 'destructive', title: 'Error', description: next ? 'Failed to like service.' : 'Failed to unlike service.' });
        },
      },
    );
  }

  return (
    <Button variant="ghost" size="sm" aria-pressed={liked} onClick={onClick} className="gap-1.5 px-2">
      <Heart aria-hidden="true" className={cn(liked && 'fill-red-600 text-red-600 dark:fill-red-400 dark:text-red-400')} />
      <span className="sr-only">Like</span>
      <span>{service.likeCount}</span>
      <span className="sr-only">{service.likeCount === 1 ? 'like' : 'likes'}</span>
    </Button>
  );
}

/** The like button, or only the count on a deleted listing (which nobody can like). */
export function LikeOrCount({ service }: { service: Pick<Service, 'id' | 'title' | 'isLikedByUser' | 'likeCount' | 'deletedAt'> }) {
  if (service.deletedAt === null) return <LikeButton service={service} />;
  return (
    <span className="px-2 text-sm text-muted-foreground">
      {service.likeCount} {service.likeCount === 1 ? 'like' : 'likes'}
    </span>
  );
}
