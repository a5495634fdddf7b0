-- The starting catalogue: the 8 categories and their service types.
INSERT INTO "categories" ("slug", "name", "color") VALUES ('tutoring', 'Tutoring', '#4F46E5') ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "service_types" ("category_id", "name") SELECT c."id", v."name" FROM "categories" c, (VALUES ('Math'), ('Reading & Writing'), ('Science'), ('Foreign Languages'), ('Test Prep'), ('Music Lessons'), ('Homework Help')) AS v("name") WHERE c."slug" = 'tutoring' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "categories" ("slug", "name", "color") VALUES ('yard', 'Yard Work', '#16A34A') ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "service_types" ("category_id", "name") SELECT c."id", v."name" FROM "categories" c, (VALUES ('Lawn Mowing'), ('Leaf Raking'), ('Snow Shoveling'), ('Gardening & Weeding'), ('Hedge Trimming'), ('Yard Cleanup')) AS v("name") WHERE c."slug" = 'yard' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "categories" ("slug", "name", "color") VALUES ('pet', 'Pet Care', '#EA580C') ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "service_types" ("category_id", "name") SELECT c."id", v."name" FROM "categories" c, (VALUES ('Dog Walking'), ('Pet Sitting'), ('Pet Feeding'), ('Pet Grooming'), ('Cat Care'), ('Aquarium Care')) AS v("name") WHERE c."slug" = 'pet' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "categories" ("slug", "name", "color") VALUES ('childcare', 'Childcare', '#DB2777') ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "service_types" ("category_id", "name") SELECT c."id", v."name" FROM "categories" c, (VALUES ('Babysitting'), ('After-School Care'), ('Date Night Sitting'), ('Parent''s Helper'), ('Summer Care')) AS v("name") WHERE c."slug" = 'childcare' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "categories" ("slug", "name", "color") VALUES ('tech', 'Tech Help', '#0284C7') ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "service_types" ("category_id", "name") SELECT c."id", v."name" FROM "categories" c, (VALUES ('Computer Setup'), ('Phone & Tablet Help'), ('Wi-Fi & Networking'), ('Smart Home Setup'), ('Virus Removal'), ('Software Lessons')) AS v("name") WHERE c."slug" = 'tech' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "categories" ("slug", "name", "color") VALUES ('household', 'Household Help', '#CA8A04') ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "service_types" ("category_id", "name") SELECT c."id", v."name" FROM "categories" c, (VALUES ('House Cleaning'), ('Laundry'), ('Organizing'), ('Moving Help'), ('Errands'), ('Furniture Assembly'), ('Meal Prep')) AS v("name") WHERE c."slug" = 'household' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "categories" ("slug", "name", "color") VALUES ('creative', 'Creative', '#9333EA') ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "service_types" ("category_id", "name") SELECT c."id", v."name" FROM "categories" c, (VALUES ('Photography'), ('Graphic Design'), ('Art Lessons'), ('Crafts'), ('Writing & Editing'), ('Video Editing')) AS v("name") WHERE c."slug" = 'creative' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "categories" ("slug", "name", "color") VALUES ('sports-fitness', 'Sports & Fitness', '#DC2626') ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "service_types" ("category_id", "name") SELECT c."id", v."name" FROM "categories" c, (VALUES ('Personal Training'), ('Sports Coaching'), ('Swimming Lessons'), ('Yoga'), ('Running Partner'), ('Martial Arts')) AS v("name") WHERE c."slug" = 'sports-fitness' ON CONFLICT DO NOTHING;
