import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { ArrowLeft, ArrowRight, ImagePlus, X } from '#web/components/icons/index.js';
import { useController, useFormContext } from 'react-hook-form';
import { IMAGE_TEXTS, MAX_IMAGE_BYTES, MAX_IMAGES } from '#shared/service-texts.js';
import { cardImageUrl } from '#web/components/listing/format.js';
import { errorMessage } from '#web/lib/api.js';
import { cn } from '#web/lib/utils.js';
import { uploadImage } from '../../api/upload-image.js';
import type { ListingFormValues } from './listing-form-values.js';

interface Upload {
  key: number;
  name: string;
  progress: number;
}

const thumbButton =
  'flex size-8 items-center justify-center rounded-full bg-background/90 text-foreground shadow hover:bg-background focus-ring disabled:opacity-40 [&_svg]:size-4';

/** The client-side checks of the specification (§5, image upload): too many files stops all; a bad file skips only itself. */
function checkFiles(files: File[], room: number): { accepted: File[]; problems: string[] } {
  if (files.length > room) return { accepted: [], problems: [IMAGE_TEXTS.tooMany] };
  const problems: string[] = [];
  const accepted: File[] = [];
  for (const file of files) {
    if (!file.type.startsWith('image/')) problems.push(IMAGE_TEXTS.notAnImage(file.name));
    else if (file.size >= MAX_IMAGE_BYTES) problems.push(IMAGE_TEXTS.tooLarge(file.name));
    else accepted.push(file);
  }
  return { accepted, problems };
}

/** Photos: uploaded one request per file with a progress bar each; the listing keeps the returned URLs in order. */
export function ImageUploadField({ onBusyChange }: { onBusyChange: (busy: boolean) => void }) {
  const { control, getValues, setValue, formState } = useFormContext<ListingFormValues>();
  const {
    field: { value: images, ref: inputRef },
    fieldState,
  } = useController({ control, name: 'images' });
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const nextKey = useRef(0);
  const inFlight = useRef(0);
  const aborter = useRef<AbortController | null>(null);
  const id = useId();

  useEffect(() => () => aborter.current?.abort(), []);

  function setImages(next: string[]) {
    setValue('images', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  }

  function track(delta: number) {
    inFlight.current += delta;
    onBusyChange(inFlight.current > 0);
  }

  /** One file at a time, so the photos keep the order they were chosen in. */
  async function uploadAll(files: File[]) {
    const queued = files.map((file) => ({ key: nextKey.current++, name: file.name, progress: 0, file }));
    setUploads((list) => [...list, ...queued.map(({ file: _file, ...upload }) => upload)]);
    track(1);
    aborter.current ??= new AbortController();
    const { signal } = aborter.current;
    try {
      for (const { key, file } of queued) {
        try {
          const image = await uploadImage(file, {
            signal,
            onProgress: (progress) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, progress } : u))),
          });
          setImages([...getValues('images'), image.url]);
        } catch (error) {
          if (signal.aborted) return;
          const problem = errorMessage(error, IMAGE_TEXTS.uploadFailed);
          setProblems((list) => (list.includes(problem) ? list : [...list, problem]));
        } finally {
          setUploads((list) => list.filter((u) => u.key !== key));
        }
      }
    } finally {
      track(-1);
    }
  }

  function onFilesChosen(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // Choosing the same file again must fire another change.
    if (files.length === 0) return;
    const { accepted, problems: found } = checkFiles(files, MAX_IMAGES - images.length - uploads.length);
    setProblems(found);
    if (accepted.length > 0) void uploadAll(accepted);
  }

  function move(from: number, to: number) {
    const next = [...images];
    const [moved] = next.splice(from, 1);
    if (moved === undefined) return;
    next.splice(to, 0, moved);
    setImages(next);
  }

  const full = images.length + uploads.length >= MAX_IMAGES;
  const messages = [...problems, ...(fieldState.error?.message ? [fieldState.error.message] : [])];

  return (
    <div className="grid gap-3">
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        Optional. Up to {MAX_IMAGES} images, each smaller than 5MB. The first one is shown first on your listing.
      </p>
      {images.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-5" aria-label="Chosen photos">
          {images.map((src, index) => (
            <li key={`${src.slice(0, 80)}-${index}`} className="relative overflow-hidden rounded-md border">
              <img src={cardImageUrl(src)} alt={`Photo ${index + 1}`} width={640} height={480} className="aspect-[4/3] w-full bg-muted object-cover" />
              <div className="absolute inset-x-1 top-1 flex justify-between gap-1">
                <div className="flex gap-1">
                  <button type="button" className={thumbButton} onClick={() => move(index, index - 1)} disabled={index === 0} aria-label={`Move photo ${index + 1} earlier`}>
                    <ArrowLeft aria-hidden="true" />
                  </button>
                  <button type="button" className={thumbButton} onClick={() => move(index, index + 1)} disabled={index === images.length - 1} aria-label={`Move photo ${index + 1} later`}>
                    <ArrowRight aria-hidden="true" />
                  </button>
                </div>
                <button type="button" className={thumbButton} onClick={() => setImages(images.filter((_, i) => i !== index))} aria-label={`Remove photo ${index + 1}`}>
                  <X aria-hidden="true" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {uploads.length > 0 && (
        <ul className="grid gap-2" aria-label="Uploads in progress">
          {uploads.map((u) => (
            <li key={u.key} className="grid gap-1 text-sm">
              <span className="truncate">
                Uploading {u.name} ({Math.round(u.progress * 100)}%)
              </span>
              <progress className="h-2 w-full accent-primary" value={u.progress} max={1} aria-label={`Uploading ${u.name}`} />
            </li>
          ))}
        </ul>
      )}
      <div>
        <input
          id={`${id}-input`}
          ref={inputRef}
          type="file"
          accept="image/*"
          multiple
          className="peer sr-only"
          onChange={onFilesChosen}
          disabled={full}
          aria-describedby={`${id}-hint${messages.length ? ` ${id}-problems` : ''}`}
        />
        <label
          htmlFor={`${id}-input`}
          className={cn(
            'inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-input bg-background px-4 text-sm font-medium hover:bg-accent hover:text-accent-foreground peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background',
            full && 'sr-only',
          )}
        >
          <ImagePlus className="size-4" aria-hidden="true" />
          Add photos
        </label>
        {full && <p className="text-sm text-muted-foreground">This listing has the most photos it can have ({MAX_IMAGES}).</p>}
      </div>
      <div id={`${id}-problems`} role="alert" className="grid gap-1 text-sm font-medium text-destructive">
        {messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    </div>
  );
}
