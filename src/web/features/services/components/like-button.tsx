import { Heart } from 'lucide-react';
import type { Service } from '../../../../shared/services.js';
import { promptSignIn } from '../../../components/sign-in-prompt.js';
import { Button } from '../../../components/ui/button.js';
import { toast } from '../../../components/ui/use-toast.js';
import { ApiError } from '../../../lib/api.js';
import { cn } from '../../../lib/utils.js';
import { useAuth } from '../../auth/use-auth.js';
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
