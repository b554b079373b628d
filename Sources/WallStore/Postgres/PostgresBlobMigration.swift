import PostgresNIO

extension PostgresMigrations {
    /// The PostgreSQL blob store (`PostgresBlobStore`): files as rows every replica reads.
    ///
    /// An upload's bytes are `blob_chunks` rows under its upload id (`blob_uploads` holds the
    /// uploads still being written, and when each began, so a sweep can clear those a killed
    /// replica left). A commit makes them a blob by inserting its `blobs` row, keyed by the
    /// SHA-256, in the same transaction that drops the `blob_uploads` row; a second upload of
    /// the same bytes finds the row taken and drops its own chunks. Nothing is copied at commit.
    /// Chunks are stored uncompressed (`EXTERNAL`): photos and PDFs don't compress, and a range
    /// read then fetches only its chunks' bytes.
    static let v11Blobs = PostgresMigration(name: "v11-blobs", statements: [
        """
        CREATE TABLE blob_uploads (
            id uuid PRIMARY KEY,
            started_at timestamptz NOT NULL
        )
        """,
        "CREATE INDEX blob_uploads_by_age ON blob_uploads (started_at)",
        """
        CREATE TABLE blob_chunks (
            upload_id uuid NOT NULL,
            part integer NOT NULL,
            bytes bytea NOT NULL,
            PRIMARY KEY (upload_id, part)
        )
        """,
        "ALTER TABLE blob_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL",
        """
        CREATE TABLE blobs (
            hash text PRIMARY KEY,
            upload_id uuid NOT NULL UNIQUE,
            size bigint NOT NULL,
            chunk_bytes integer NOT NULL,
            created_at timestamptz NOT NULL,
            last_shared_at timestamptz NOT NULL
        )
        """,
    ])
}
