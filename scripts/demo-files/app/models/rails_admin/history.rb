# Made up for github-tui --demo: not the real file.
module RailsAdmin
  class History < ActiveRecord::Base
    set_table_name :rails_admin_histories

    IGNORED_ATTRS = Set.new(%w(id created_at created_on deleted_at updated_at updated_on deleted_on))

    scope :most_recent, lambda { |table|
      where("#{retrieve_connection.quote_column_name(:table)} = ?", table).order("updated_at DESC")
    }

    # The number of changes made in each month, newest month first
    def self.get_history_for_month(month, year)
      where(:month => month, :year => year).order("created_at DESC")
    end

    def self.latest
      self.limit(100)
    end

    def self.create_history_item(message, object, abstract_model, user)
      create(
        :message => [message].flatten.join(', '),
        :item => object.id,
        :table => abstract_model.pretty_name,
        :username => user ? user.email : ""
      )
    end
  end
end
