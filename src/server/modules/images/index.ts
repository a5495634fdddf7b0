/** The image pipeline and the images table. The only file imported from outside this module (decision 034). */
export type { ProcessedImage } from './pipeline.js';
export { imageUrl } from './presenter.js';
export { imageIdsOfListing } from './repository.js';
export { imageRoutes } from './routes.js';
export { createImageService, type ImageService } from './service.js';
export { IMAGE_MULTIPART, readImageUpload, uploadLimit } from './upload.js';
