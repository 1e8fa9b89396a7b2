-- The regions an organisation's data and services can live in: the provider keeps the list in
-- Platform Settings, and an organisation's default regions (org_settings.default_regions) name
-- them by code. A region in use is retired rather than deleted.

CREATE TABLE regions (
  region_id            serial PRIMARY KEY,
  region_code          text NOT NULL CHECK (region_code ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(region_code) <= 32),
  region_name          text NOT NULL,
  is_active            boolean NOT NULL DEFAULT true,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX regions_region_code_key ON regions (region_code);
CREATE UNIQUE INDEX regions_region_name_key ON regions (lower(region_name));
-- The list sorts by name and by code, each with the primary key as the tie-breaker.
CREATE INDEX regions_name_sort_idx ON regions (lower(region_name), region_id);
CREATE INDEX regions_code_sort_idx ON regions (region_code, region_id);
-- Which organisations name a region among their defaults.
CREATE INDEX org_settings_default_regions_idx ON org_settings USING gin (default_regions);
