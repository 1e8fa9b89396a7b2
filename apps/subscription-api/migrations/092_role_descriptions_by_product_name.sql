-- The demo data described each product's roles by the product's code ("Admin of YOZY-LITE"), which
-- the console shows on the roles master: such a description names the product by its name instead.
-- Only descriptions exactly as the demo wrote them change; any a provider wrote stay as they are.
UPDATE roles r
   SET description = r.role_name || ' of ' || p.product_name
  FROM products p
 WHERE p.product_id = r.product_id
   AND r.description = r.role_name || ' of ' || p.product_code;
