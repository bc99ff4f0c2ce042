CREATE TABLE "unused_photos" (
	"hash" text PRIMARY KEY NOT NULL,
	"unused_since" timestamp with time zone NOT NULL
);
