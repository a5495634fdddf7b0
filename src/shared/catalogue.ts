import { z } from 'zod';

export const CATEGORY_SLUGS = ['tutoring', 'yard', 'pet', 'childcare', 'tech', 'household', 'creative', 'sports-fitness'] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

export const categorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  color: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const serviceTypeSchema = z.object({ id: z.number().int(), name: z.string() });
export type ServiceType = z.infer<typeof serviceTypeSchema>;

/**
 * The catalogue every marketplace starts with. Migration 0001 inserts exactly this
 * (a test compares the migrated rows with this list); POST /api/seed-initial-data
 * inserts whatever of it is missing.
 */
export const CATALOGUE: ReadonlyArray<{ slug: CategorySlug; name: string; color: string; serviceTypes: readonly string[] }> = [
  { slug: 'tutoring', name: 'Tutoring', color: '#4F46E5', serviceTypes: ['Math', 'Reading & Writing', 'Science', 'Foreign Languages', 'Test Prep', 'Music Lessons', 'Homework Help'] },
  { slug: 'yard', name: 'Yard Work', color: '#16A34A', serviceTypes: ['Lawn Mowing', 'Leaf Raking', 'Snow Shoveling', 'Gardening & Weeding', 'Hedge Trimming', 'Yard Cleanup'] },
  { slug: 'pet', name: 'Pet Care', color: '#EA580C', serviceTypes: ['Dog Walking', 'Pet Sitting', 'Pet Feeding', 'Pet Grooming', 'Cat Care', 'Aquarium Care'] },
  { slug: 'childcare', name: 'Childcare', color: '#DB2777', serviceTypes: ['Babysitting', 'After-School Care', 'Date Night Sitting', "Parent's Helper", 'Summer Care'] },
  { slug: 'tech', name: 'Tech Help', color: '#0284C7', serviceTypes: ['Computer Setup', 'Phone & Tablet Help', 'Wi-Fi & Networking', 'Smart Home Setup', 'Virus Removal', 'Software Lessons'] },
  { slug: 'household', name: 'Household Help', color: '#CA8A04', serviceTypes: ['House Cleaning', 'Laundry', 'Organizing', 'Moving Help', 'Errands', 'Furniture Assembly', 'Meal Prep'] },
  { slug: 'creative', name: 'Creative', color: '#9333EA', serviceTypes: ['Photography', 'Graphic Design', 'Art Lessons', 'Crafts', 'Writing & Editing', 'Video Editing'] },
  { slug: 'sports-fitness', name: 'Sports & Fitness', color: '#DC2626', serviceTypes: ['Personal Training', 'Sports Coaching', 'Swimming Lessons', 'Yoga', 'Running Partner', 'Martial Arts'] },
];
