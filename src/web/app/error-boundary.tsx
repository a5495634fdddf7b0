import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CircleAlert } from '../components/icons/index.js';
import { Button } from '../components/ui/button.js';
import { Card, CardContent } from '../components/ui/card.js';
import { PageSpinner } from '../components/ui/spinner.js';
import { ERROR_BOUNDARY_TEXTS } from '../../shared/safe-defaults.js';
import { paths } from '../core/paths.js';
import { chunkLoaded, isChunkLoadError, isReloadingForStaleChunk, reloadOnceForStaleChunk } from './stale-chunks.js';

interface Props {
  children: ReactNode;
  /** The page's address: moving to another page tries rendering again. */
  resetKey?: string;
}

interface State {
  error: Error | null;
}

/**
 * What a page that throws while rendering (or whose code cannot be loaded) shows instead of a blank screen
 * (decision 024). Inside the layout, so the navigation bar stays usable.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    // Decided here rather than in componentDidCatch so a stale chunk never flashes the error card before the reload.
    if (isChunkLoadError(error)) reloadOnceForStaleChunk();
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (!isReloadingForStaleChunk()) console.error('A page failed to render', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  private reload = () => {
    // The person asked for it: a missing chunk may earn its automatic reload again next time.
    chunkLoaded();
    window.location.reload();
  };

  override render() {
    if (!this.state.error) return this.props.children;
    if (isReloadingForStaleChunk()) return <PageSpinner />;
    return (
      <div className="flex min-h-[60vh] items-center justify-center px-4 py-10">
        <Card className="w-full max-w-md" role="alert">
          <CardContent className="space-y-4 pt-6">
            <div className="flex items-center gap-2">
              <CircleAlert className="size-8 shrink-0 text-destructive" aria-hidden="true" />
              <h1 className="text-2xl font-bold">{ERROR_BOUNDARY_TEXTS.title}</h1>
            </div>
            <p className="text-muted-foreground">{ERROR_BOUNDARY_TEXTS.body}</p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={this.reload}>{ERROR_BOUNDARY_TEXTS.reload}</Button>
              {/* A plain link: a full page load also clears whatever state broke this one. */}
              <Button asChild variant="outline">
                <a href={paths.home}>{ERROR_BOUNDARY_TEXTS.home}</a>
              </Button>
            </div>
          </CardContent>
        </Card>
      </div>
    );
  }
}
