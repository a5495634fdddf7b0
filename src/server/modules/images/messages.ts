import { IMAGE_TEXTS } from '#shared/services.js';

/** The spec's upload alerts (shared with the form) and the server's own answers. */
export const IMAGE_MESSAGES = {
  tooMany: IMAGE_TEXTS.tooMany,
  notAnImage: IMAGE_TEXTS.notAnImage,
  tooLarge: IMAGE_TEXTS.tooLarge,
  refNotFound: (position: number) => `Image ${position} could not be found`,
  noFile: 'Please choose an image to upload',
  notFound: 'Image not found',
  tooManyUploads: 'Too many uploads. Please try again later.',
  tooManyParts: 'Please send one image in the "file" field and nothing else.',
  lengthRequired: 'Please send the upload with its length (a Content-Length header).',
  unreadable: 'The upload could not be read: it was cut short or is not valid multipart form data. Please try again.',
} as const;

/** How a listing's n-th image (1-based) is named when it has no file name: it came as a data URL. */
export const refName = (position: number) => `Image ${position}`;
