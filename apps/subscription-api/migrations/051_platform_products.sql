-- The provider's product master in Platform Settings: the list sorts by code as well as by name.

CREATE INDEX products_product_code_sort_idx ON products (product_code, product_id);
