import GRDB

extension SQLiteMigrations {
    /// Each wall keeps its item count in its row, kept by triggers on `items`, so listing the
    /// walls (every web page does, for the switcher) reads a column instead of counting the
    /// wall's index: a count over 100,000 items was most of a page's time. Foreign-key cascades
    /// fire the triggers too; nothing writes `items` with REPLACE, which would not.
    static func v11WallItemCounts(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE walls ADD COLUMN item_count INTEGER NOT NULL DEFAULT 0;
            UPDATE walls SET item_count = (SELECT count(*) FROM items WHERE items.wall_id = walls.id);
            CREATE TRIGGER walls_count_item_insert AFTER INSERT ON items BEGIN
                UPDATE walls SET item_count = item_count + 1 WHERE id = new.wall_id;
            END;
            CREATE TRIGGER walls_count_item_delete AFTER DELETE ON items BEGIN
                UPDATE walls SET item_count = item_count - 1 WHERE id = old.wall_id;
            END;
            CREATE TRIGGER walls_count_item_move AFTER UPDATE OF wall_id ON items
            WHEN old.wall_id IS NOT new.wall_id BEGIN
                UPDATE walls SET item_count = item_count - 1 WHERE id = old.wall_id;
                UPDATE walls SET item_count = item_count + 1 WHERE id = new.wall_id;
            END;
            """)
    }
}
