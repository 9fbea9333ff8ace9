# tests/record-names.sed (sed -E): a record's first line without the fields
# that name its game (variant, options, digest, sow: docs/record.md, Which
# game), for the checks that compare records with the references' records
# or with a record written by hand, which have no such fields.
1s/,"variant":"[^"]*","options":\{[^}]*\},"digest":"[^"]*","sow":"[^"]*"\}$/}/
