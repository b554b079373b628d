import PostgresNIO

extension PostgresMigrations {
    /// The functions a share runs plan by index only, as the batch's statements do
    /// (`PostgresWritePlans`): their plans are kept per connection, and a plan made while the
    /// tables were empty scanned them for as long as it was kept.
    ///
    /// - `dwall_lone_share` gets the batch's settings (its own plan probed indexes already; the
    ///   settings keep it so, and reach the wall-count trigger it fires).
    /// - `dwall_count_wall_items` (v12) adds each wall's delta with one update by primary key
    ///   per wall, in id order (which locks the walls in that order, as its `FOR NO KEY UPDATE`
    ///   did), instead of joining the walls with the deltas: a join planned while `walls` was
    ///   empty read every wall on every share. It scans no table, so only its scans are priced
    ///   out: the update's join of the transition tables stays a hash join, which a statement
    ///   moving thousands of items needs.
    static let v14IndexPlans = PostgresMigration(name: "v14-index-plans", statements: [
        "ALTER FUNCTION dwall_lone_share SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off",
        """
        CREATE OR REPLACE FUNCTION dwall_count_wall_items() RETURNS trigger LANGUAGE plpgsql
        SET enable_seqscan = off AS $$
        DECLARE
            wall_ids uuid[];
            deltas bigint[];
        BEGIN
            IF TG_OP = 'INSERT' THEN
                SELECT array_agg(c.wall_id ORDER BY c.wall_id), array_agg(c.n ORDER BY c.wall_id)
                INTO wall_ids, deltas
                FROM (SELECT wall_id, count(*) AS n FROM new_rows GROUP BY wall_id) AS c;
            ELSIF TG_OP = 'DELETE' THEN
                SELECT array_agg(c.wall_id ORDER BY c.wall_id), array_agg(-c.n ORDER BY c.wall_id)
                INTO wall_ids, deltas
                FROM (SELECT wall_id, count(*) AS n FROM old_rows GROUP BY wall_id) AS c;
            ELSE
                SELECT array_agg(c.wall_id ORDER BY c.wall_id), array_agg(c.n ORDER BY c.wall_id)
                INTO wall_ids, deltas
                FROM (
                    SELECT m.wall_id, sum(m.n) AS n
                    FROM (
                        SELECT o.wall_id, -1 AS n FROM old_rows o JOIN new_rows r ON r.id = o.id
                        WHERE r.wall_id IS DISTINCT FROM o.wall_id
                        UNION ALL
                        SELECT r.wall_id, 1 AS n FROM old_rows o JOIN new_rows r ON r.id = o.id
                        WHERE r.wall_id IS DISTINCT FROM o.wall_id
                    ) AS m
                    GROUP BY m.wall_id
                ) AS c
                WHERE c.n <> 0;
            END IF;
            IF wall_ids IS NOT NULL THEN
                FOR k IN 1 .. cardinality(wall_ids) LOOP
                    UPDATE walls SET item_count = item_count + deltas[k] WHERE id = wall_ids[k];
                END LOOP;
            END IF;
            RETURN NULL;
        END
        $$
        """,
    ])
}
